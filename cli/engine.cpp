// engine: `sternhalma engine [--protocol shp|ccp]`, the built-in players
// behind the engine protocol (docs/protocol.md). This file reads the input
// lines and takes the commands both dialects share; engine_shp.cpp and
// engine_ccp.cpp the rest, engine_search.cpp the player and its thread.
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "commands.h"
#include "engine.h"
#include "sternhalma/text.h"

#ifndef STERNHALMA_VERSION
#define STERNHALMA_VERSION "unknown"
#endif

namespace sternhalma::cli::engine {

void Output::line(std::string_view s) {
  std::lock_guard<std::mutex> lk(mu_);
  if (failed_) return;
  if (std::fwrite(s.data(), 1, s.size(), stdout) != s.size() || std::fputc('\n', stdout) == EOF ||
      std::fflush(stdout) != 0)
    failed_ = true;
}

void Output::error(std::string_view what) { line(absl::StrCat("info error ", text::av(what))); }

bool LineReader::fill() {
  if (end_) return false;
  if (pos_ > 0) {  // keep only what is not yet taken
    buf_.erase(0, pos_);
    pos_ = 0;
  }
  char chunk[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd_, chunk, sizeof chunk);
    if (n > 0) {
      buf_.append(chunk, static_cast<size_t>(n));
      return true;
    }
    if (n < 0 && errno == EINTR) continue;
    end_ = true;
    return false;
  }
}

LineReader::Got LineReader::next(std::string* line, size_t* dropped) {
  size_t dropping = 0;  // bytes of an over-long line thrown away so far
  for (;;) {
    const char* base = buf_.data() + pos_;
    const size_t have = buf_.size() - pos_;
    const void* nl = have ? std::memchr(base, '\n', have) : nullptr;
    if (nl) {
      const size_t len = static_cast<size_t>(static_cast<const char*>(nl) - base);
      pos_ += len + 1;
      if (dropping || len > kMaxLineBytes + 1) {  // + 1: a '\r' that is not counted
        *dropped = dropping + len;
        return Got::kTooLong;
      }
      line->assign(base, len);
      if (!line->empty() && line->back() == '\r') line->pop_back();
      if (line->size() > kMaxLineBytes) {
        *dropped = line->size();
        return Got::kTooLong;
      }
      return Got::kLine;
    }
    // No line end yet: past the ceiling, what is held is dropped at once.
    if (have > kMaxLineBytes + 1) {
      dropping += have;
      buf_.clear();
      pos_ = 0;
    }
    if (!fill()) {
      const size_t rest = buf_.size() - pos_;
      if (dropping) {
        *dropped = dropping + rest;
        buf_.clear();
        pos_ = 0;
        return Got::kTooLong;
      }
      if (rest == 0) return Got::kEnd;
      line->assign(buf_.data() + pos_, rest);
      buf_.clear();
      pos_ = 0;
      if (!line->empty() && line->back() == '\r') line->pop_back();
      if (line->size() > kMaxLineBytes) {
        *dropped = line->size();
        return Got::kTooLong;
      }
      return Got::kLine;
    }
  }
}

std::optional<int64_t> parse_number(std::string_view s, int64_t max) {
  if (s.empty() || s.size() > 19 || s.find_first_not_of("0123456789") != std::string_view::npos)
    return std::nullopt;
  uint64_t v = 0;
  if (!absl::SimpleAtoi(text::av(s), &v) || v > static_cast<uint64_t>(max)) return std::nullopt;
  return static_cast<int64_t>(v);
}

std::string number_arg(std::string_view command, const Tokens& toks, size_t i, int64_t min, int64_t max,
                       std::optional<int64_t>* out) {
  const std::string_view key = toks[i];
  if (out->has_value()) return absl::StrCat(text::av(command), ": ", text::av(key), " is given twice");
  if (i + 1 >= toks.size()) return absl::StrCat(text::av(command), ": ", text::av(key), " needs a value");
  const std::optional<int64_t> v = parse_number(toks[i + 1], max);
  if (!v || *v < min)
    return absl::StrCat(text::av(command), ": ", text::av(key), " ", text::quote(toks[i + 1]),
                        ": expected a number ", min, "..", max);
  *out = v;
  return "";
}

namespace {

// `setoption name <name> value <value>`: the name's and the value's words.
std::string set_option(Engine& engine, const Tokens& toks, std::string_view line) {
  if (toks.size() < 2 || toks[1] != "name") return "setoption: expected 'setoption name <name> value <value>'";
  size_t v = 2;
  while (v < toks.size() && toks[v] != "value") ++v;
  if (v == 2) return "setoption: no option name";
  if (v + 1 >= toks.size()) return absl::StrCat("setoption: ", text::quote(toks[2]), " needs 'value <value>'");
  // The words as sent, spaces inside kept (toks are views into line).
  const auto span = [&](size_t a, size_t b) {
    return line.substr(static_cast<size_t>(toks[a].data() - line.data()),
                       static_cast<size_t>(toks[b].data() + toks[b].size() - toks[a].data()));
  };
  return engine.set_option(span(2, v - 1), span(v + 1, toks.size() - 1));
}

// One line; false when the session ends (quit).
bool take(Engine& engine, Dialect& dialect, Output& out, std::string_view line) {
  const Tokens toks = text::tokens(line);
  if (toks.empty()) return true;
  const std::string_view cmd = toks[0];
  if (cmd == "quit") return false;
  if (cmd == "stop") {
    engine.stop();
    return true;
  }
  if (cmd == "isready") {
    out.line("readyok");
    return true;
  }
  if (engine.searching()) {
    out.error(absl::StrCat(text::av(text::quote(cmd)), ": not while searching (send stop first)"));
    return true;
  }
  std::string error;
  if (cmd == dialect.hello()) {
    out.line("id name sternhalma " STERNHALMA_VERSION);
    out.line("id author the sternhalma authors");
    for (const std::string& o : Engine::option_lines()) out.line(o);
    out.line(dialect.ok());
  } else if (cmd == "setoption") {
    error = set_option(engine, toks, line);
  } else if (cmd == "newgame") {
    if (toks.size() > 1) error = "newgame: takes no arguments";
    else engine.new_game();
  } else {
    bool known = true;
    error = dialect.command(engine, toks, line, &known);
    if (!known) error = absl::StrCat("unknown command ", text::quote(cmd));
  }
  if (!error.empty()) out.error(error);
  return true;
}

}  // namespace

}  // namespace sternhalma::cli::engine

namespace sternhalma::cli {

int cmd_engine(const Args& args) {
  using namespace engine;
  std::string protocol = "shp";
  Seen seen;
  for (size_t i = 0; i < args.size(); ++i) {
    if (const std::string twice = seen.again("engine", args[i]); !twice.empty()) return usage_error(twice);
    if (args[i] == "--protocol" && i + 1 < args.size()) {
      protocol = args[++i];
      if (protocol != "shp" && protocol != "ccp")
        return usage_error("engine: --protocol " + text::quote(protocol) + ": expected shp or ccp");
    } else if (args[i] == "--protocol") {
      return usage_error("engine: --protocol needs a value (shp or ccp)");
    } else {
      return usage_error("engine: unknown argument " + text::quote(args[i]) + " (options: --protocol shp|ccp)");
    }
  }
  // A referee that has gone away is seen as a failed write, not a signal.
  std::signal(SIGPIPE, SIG_IGN);
  std::unique_ptr<Dialect> dialect = protocol == "ccp" ? make_ccp() : make_shp();
  Output out;
  Engine engine(out, [&d = *dialect](const Position& p, Move m) { return d.write_move(p, m); });
  LineReader in(STDIN_FILENO);
  std::string line;
  for (;;) {
    size_t dropped = 0;
    const LineReader::Got got = in.next(&line, &dropped);
    if (got == LineReader::Got::kEnd) break;
    if (got == LineReader::Got::kTooLong) {
      out.error(absl::StrCat("line of ", dropped, " bytes, more than the ", kMaxLineBytes,
                             " a line may have: ignored"));
    } else if (!take(engine, *dialect, out, line)) {
      break;
    }
    if (out.failed()) break;
  }
  // quit or the end of input: a search in progress answers, then the
  // session ends.
  engine.stop();
  engine.wait_idle();
  return 0;
}

}  // namespace sternhalma::cli
