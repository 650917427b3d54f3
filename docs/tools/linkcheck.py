#!/usr/bin/env python3
"""linkcheck.py ROOT [--absent DIR ...] [--external FILE]: the links of a built site, offline.

Every href and src of every .html file under ROOT that has no scheme must
name a file inside ROOT (a folder means its index.html), and its #fragment
an id (or an <a name>) in that file. A link that leaves ROOT, or names a
file or an id that is not there, is an error: each is printed as
"page: link: what is wrong" and the exit status is 1. Links with a scheme
(https:, mailto:) are not fetched: --external FILE lists them there, one
"page link" a line. A link into a folder given as --absent (a part of the
site not built this time) is counted, not checked.

On success one line: pages, links checked, external links.
Standard library only.
"""
import argparse
import html.parser
import os
import re
import sys
import urllib.parse

# Attributes that load or link to another file, by tag.
LINK_ATTRS = {
    "a": ("href",), "link": ("href",), "area": ("href",),
    "img": ("src",), "script": ("src",), "iframe": ("src",), "source": ("src",),
    "video": ("src", "poster"), "audio": ("src",), "embed": ("src",),
}
# rustdoc's source pages take a line range (#12-34); their ids are the lines.
LINE_RANGE = re.compile(r"(\d+)-\d+")


class Page(html.parser.HTMLParser):
    """The ids and the links of one HTML file."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids = set()
        self.links = []  # (line, url)
        self.base = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and a.get("name"):
            self.ids.add(a["name"])
        if tag == "base" and a.get("href"):
            self.base = a["href"]
        for name in LINK_ATTRS.get(tag, ()):
            if a.get(name) is not None:
                self.links.append((self.getpos()[0], a[name].strip()))

    handle_startendtag = handle_starttag


def parse(path):
    page = Page()
    with open(path, encoding="utf-8", errors="replace") as f:
        page.feed(f.read())
    page.close()
    return page


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("root")
    ap.add_argument("--absent", action="append", default=[],
                    help="a folder under ROOT not built this time: links into it are not checked")
    ap.add_argument("--external", help="write the external links here")
    args = ap.parse_args(argv)
    root = os.path.realpath(args.root)
    if not os.path.isfile(os.path.join(root, "index.html")):
        print(f"linkcheck: {args.root}/index.html: no such file (is the site built?)",
              file=sys.stderr)
        return 1
    absent = [os.path.join(root, d.strip("/")) + os.sep for d in args.absent]

    pages = []
    for folder, _dirs, files in os.walk(root):
        pages += [os.path.join(folder, f) for f in files if f.endswith(".html")]
    pages.sort()
    parsed = {}

    def page_of(path):
        if path not in parsed:
            parsed[path] = parse(path)
        return parsed[path]

    errors, external, checked, skipped = [], [], 0, 0
    for path in pages:
        page = page_of(path)
        rel = os.path.relpath(path, root)
        here = os.path.dirname(path)
        for line, url in page.links:
            where = f"{rel}:{line}"
            if not url or url.startswith(("javascript:", "data:")):
                continue
            parts = urllib.parse.urlsplit(url)
            if parts.scheme or parts.netloc:
                external.append(f"{rel} {url}")
                continue
            if page.base:
                errors.append(f"{where}: {url}: a relative link under <base>, not checked")
                continue
            target = path if not parts.path else os.path.normpath(
                os.path.join(root if parts.path.startswith("/") else here,
                             urllib.parse.unquote(parts.path).lstrip("/")))
            if any((target + os.sep).startswith(a) or target + os.sep == a for a in absent):
                skipped += 1
                continue
            checked += 1
            if os.path.realpath(target) != root and not os.path.realpath(target).startswith(root + os.sep):
                errors.append(f"{where}: {url}: leaves the site")
                continue
            if os.path.isdir(target):
                target = os.path.join(target, "index.html")
            if not os.path.isfile(target):
                errors.append(f"{where}: {url}: no such file {os.path.relpath(target, root)}")
                continue
            # A browser looks for the fragment as written, then percent-decoded
            # (rustdoc's ids keep the encoding: impl-From%3CT%3E-for-T).
            raw = parts.fragment
            frag = urllib.parse.unquote(raw)
            if frag and target.endswith((".html", ".htm")):
                ids = page_of(target).ids
                m = LINE_RANGE.fullmatch(frag)
                if raw not in ids and frag not in ids and not (m and m.group(1) in ids):
                    errors.append(f"{where}: {url}: no id \"{frag}\" in "
                                  f"{os.path.relpath(target, root)}")

    if args.external:
        with open(args.external, "w", encoding="utf-8") as f:
            f.writelines(e + "\n" for e in external)
    for e in errors:
        print(f"linkcheck: {e}", file=sys.stderr)
    if errors:
        print(f"linkcheck: {len(errors)} broken link(s) in {args.root}", file=sys.stderr)
        return 1
    note = f", {skipped} into parts not built" if skipped else ""
    print(f"{len(pages)} pages, {checked} links checked{note}, {len(external)} external")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
