#!/usr/bin/env bash
# The documentation site, built as the README tells a user (scripts/dev.sh
# docs), run by `scripts/dev.sh test` as its stage `docs`:
# - the build succeeds and prints its one summary line and nothing else (any
#   warning of Sphinx, Doxygen, rustdoc, TypeDoc or the link check is printed
#   and fails it);
# - the index and the four references (Python, C/C++, Rust, JS) exist and
#   the index links to each;
# - a screenshot of the index in headless chromium (puppeteer-core from
#   docs/tools/screenshot, /usr/bin/chromium) is saved as build/docs-index.png,
#   a PNG of the viewport's size that is not blank.
# STERNHALMA_DOCS_PARTS (scripts/docs.sh) restricts the parts built and
# checked; CI never sets it.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "docs_site_test: $*" >&2; exit 1; }

# The link checker itself, on a site of three pages: each kind of broken
# link is reported with its page and line, a good one is not (a line range,
# an id written percent-encoded as rustdoc writes them), an external one
# is listed, and a link into an --absent part is not checked.
fixture=$(mktemp -d)
trap 'rm -rf "$fixture"' EXIT
mkdir -p "$fixture/site/a"
cat > "$fixture/site/index.html" <<'HTML'
<html><body><a id="top" href="#top">top</a> <a href="a/">a folder</a>
<a href="a/page.html#x">an id</a> <a href="a/page.html#nope">no id</a>
<a href="missing.html">no file</a> <img src="../outside.png">
<a href="https://example.org/">external</a> <a href="c/index.html">absent part</a>
<a href="src.html#3-5">a line range</a> <a href="src.html#x%3Cy">an id kept encoded</a></body></html>
HTML
printf '<p id="x">x</p><a href="../index.html#top">back</a>\n' > "$fixture/site/a/page.html"
cp "$fixture/site/a/page.html" "$fixture/site/a/index.html"
printf '<a id="3" href="#3">3</a> <p id="x%%3Cy">rustdoc</p>\n' > "$fixture/site/src.html"
if python3 docs/tools/linkcheck.py "$fixture/site" --external "$fixture/ext" 2> "$fixture/err"; then
  fail "linkcheck passed a site with broken links"
fi
cat > "$fixture/want" <<'TXT'
linkcheck: index.html:2: a/page.html#nope: no id "nope" in a/page.html
linkcheck: index.html:3: missing.html: no such file missing.html
linkcheck: index.html:3: ../outside.png: leaves the site
linkcheck: index.html:4: c/index.html: no such file c/index.html
TXT
echo "linkcheck: 4 broken link(s) in $fixture/site" >> "$fixture/want"
diff "$fixture/want" "$fixture/err" >&2 || fail "linkcheck's diagnostics differ (above)"
[ "$(cat "$fixture/ext")" = "index.html https://example.org/" ] || fail "external links: $(cat "$fixture/ext")"
rm "$fixture/site/a/page.html" "$fixture/site/index.html"
printf '<a id="top" href="a/">a</a> <a href="c/x.html">absent</a>\n' > "$fixture/site/index.html"
got=$(python3 docs/tools/linkcheck.py "$fixture/site" --absent c) || fail "linkcheck failed a good site"
[ "$got" = "3 pages, 3 links checked, 1 into parts not built, 0 external" ] || fail "linkcheck: $got"

parts=${STERNHALMA_DOCS_PARTS:-site,c,rust,js}
[ -n "${STERNHALMA_DOCS_PARTS:-}" ] && echo "docs_site_test: only the parts $parts"
out=$(scripts/dev.sh docs 2>&1) || { printf '%s\n' "$out" >&2; fail "scripts/dev.sh docs failed"; }
lines=$(printf '%s\n' "$out" | wc -l)
[ "$lines" -eq 1 ] || { printf '%s\n' "$out" >&2; fail "expected one summary line, got $lines lines"; }
re='^docs: build/docs/index\.html \('"${parts//,/ }"'\): [0-9]+ pages, [0-9]+ links checked, [0-9]+ external$'
[ -z "${STERNHALMA_DOCS_PARTS:-}" ] || re='^docs: build/docs/index\.html \('"${parts//,/ }"'\): '
printf '%s\n' "$out" | grep -Eq "$re" || fail "not the summary line: $out"

# Each reference, the page it starts on, linked from the index by that path.
declare -A ref=([site]=reference/python.html [c]=c/index.html [rust]=rust/sternhalma/index.html
                [js]=js/index.html)
[ -f build/docs/index.html ] || fail "build/docs/index.html is missing"
for p in site c rust js; do
  case ",$parts," in *",$p,"*) ;; *) continue ;; esac
  [ -f "build/docs/${ref[$p]}" ] || fail "build/docs/${ref[$p]} is missing (part $p)"
  grep -q "href=\"${ref[$p]}\"" build/docs/index.html \
    || fail "build/docs/index.html does not link to ${ref[$p]} (part $p)"
done

# The guides joined the site through the index's toctree (docs/guides/*).
if [ -z "${STERNHALMA_DOCS_PARTS:-}" ]; then
  guides=$(grep -o 'href="guides/[^"#]*\.html"' build/docs/index.html | sort -u | wc -l)
  [ "$guides" -gt 0 ] || fail "build/docs/index.html links to no page of docs/guides/"
fi

# The screenshot, with the pinned puppeteer-core.
(cd docs/tools/screenshot && npm ci --prefer-offline --no-audit --no-fund --loglevel=error >/dev/null) \
  || fail "npm ci in docs/tools/screenshot failed"
rm -f build/docs-index.png
node docs/tools/screenshot/shot.mjs build/docs/index.html build/docs-index.png \
  || fail "the screenshot of build/docs/index.html failed"

python3 - build/docs-index.png <<'PY' || fail "build/docs-index.png is not a sane screenshot"
import struct, sys, zlib

path = sys.argv[1]
data = open(path, "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, chunks = 8, {}
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    chunks.setdefault(kind, []).append(data[pos + 8:pos + 8 + n])
    pos += 12 + n
w, h, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][0][:10])
assert (w, h) == (1280, 960), f"{w}x{h}, the viewport is 1280x960"
assert depth == 8 and colour in (2, 6), f"bit depth {depth}, colour type {colour}"
bpp = 3 if colour == 2 else 4
raw = zlib.decompress(b"".join(chunks[b"IDAT"]))
stride = w * bpp
rows, prev = [], bytearray(stride)
for y in range(h):
    f = raw[y * (stride + 1)]
    line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b = prev[i]
        c = prev[i - bpp] if i >= bpp else 0
        if f == 1:
            line[i] = (line[i] + a) & 255
        elif f == 2:
            line[i] = (line[i] + b) & 255
        elif f == 3:
            line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(bytes(line))
    prev = line
pixels = [row[i:i + 3] for row in rows for i in range(0, stride, bpp)]
colours = len(set(pixels))
inked = sum(1 for p in pixels if sum(p) < 600) / len(pixels)
# A page of text has hundreds of shades (anti-aliasing) and a few percent of
# dark pixels; a blank or failed page has one colour.
assert colours >= 64, f"{colours} colours: blank?"
assert inked >= 0.02, f"{inked:.1%} of the pixels are dark: blank?"
print(f"docs_site_test: build/docs-index.png {w}x{h}, {colours} colours, {inked:.1%} ink")
PY
echo "docs_site_test: OK"
