// perft, divide, moves, show: the commands that look at one position.
#include <cstdio>

#include "absl/strings/str_join.h"
#include "commands.h"
#include "sternhalma/notation.h"
#include "sternhalma/perft.h"
#include "sternhalma/presets.h"
#include "sternhalma/render.h"
#include "sternhalma/text.h"

namespace sternhalma::cli {

absl::StatusOr<Position> position_arg(const Args& args, Rules* table) {
  std::string line, settings;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--set") {
      if (++i == args.size()) return absl::InvalidArgumentError("--set needs name=value[;...]");
      add_settings(&settings, args[i]);
    } else {
      absl::StrAppend(&line, line.empty() ? "" : " ", args[i]);
    }
  }
  if (line.empty()) return absl::InvalidArgumentError("missing preset or position");
  if (settings.empty()) return Position::parse(line);
  // A custom table: the preset named first, with the options changed. Its
  // id of its own takes the preset's place in the position line.
  const size_t end = line.find(' ');
  const std::string id = line.substr(0, end);
  absl::StatusOr<Rules> made = table_arg(id, settings);
  // Named as Position::parse names it without --set: field 1 of the line.
  if (absl::IsNotFound(made.status()))
    return absl::InvalidArgumentError("position field 1 " + text::quote(id) + ": unknown preset id");
  if (!made.ok()) return made.status();
  *table = *std::move(made);
  return Position::parse(table->id + (end == std::string::npos ? "" : line.substr(end)), *table);
}

namespace {

// The depth argument: a number, in the range perft.h decides for perft and
// divide (the library's words say which).
bool depth_arg(const std::string& s, bool divide, int* depth, std::string* why) {
  if (s.empty() || s.size() > 2 || s.find_first_not_of("0123456789") != std::string::npos) {
    *why = "depth " + text::quote(s) + " is not a number";
    return false;
  }
  *depth = std::stoi(s);
  const absl::Status st = check_perft_depth(*depth, divide);
  *why = std::string(st.message());
  return st.ok();
}

int counting(const Args& all, bool per_move) {
  // --threads N (perft only): 1..256 threads, split at the root.
  Args args;
  int threads = 1;
  Seen seen;
  for (size_t i = 0; i < all.size(); ++i) {
    if (all[i] != "--threads") {
      args.push_back(all[i]);
      continue;
    }
    if (per_move) return usage_error("--threads is an option of perft");
    if (const std::string twice = seen.again("perft", "--threads"); !twice.empty()) return usage_error(twice);
    const std::string n = ++i < all.size() ? all[i] : "";
    if (n.empty() || n.size() > 3 || n.find_first_not_of("0123456789") != std::string::npos ||
        std::stoi(n) < 1 || std::stoi(n) > kMaxPerftThreads)
      return usage_error("--threads needs a number from 1 to 256");
    threads = std::stoi(n);
  }
  if (args.size() < 2) return usage_error("expected a preset or position and a depth");
  int depth = 0;
  std::string why;
  if (!depth_arg(args.back(), per_move, &depth, &why)) return usage_error(why);
  Rules table;
  auto pos = position_arg(Args(args.begin(), args.end() - 1), &table);
  if (!pos.ok()) return usage_error(std::string(pos.status().message()));
  // The front ends' ceiling on the work (perft.h): past it, exit 1 saying so.
  const auto refused = [](const absl::Status& st) {
    std::fprintf(stderr, "sternhalma: %s\n", std::string(st.message()).c_str());
    return 1;
  };
  if (!per_move) {
    const absl::StatusOr<uint64_t> n = perft_within(*pos, depth, threads);
    if (!n.ok()) return refused(n.status());
    std::printf("%llu\n", static_cast<unsigned long long>(*n));
    return 0;
  }
  const auto d = divide_within(*pos, depth);
  if (!d.ok()) return refused(d.status());
  // A seat with no legal move passes: "pass <count>", as perft counts it.
  const bool pass = count_moves(*pos) == 0;
  for (const auto& [m, n] : *d)
    std::printf("%s %llu\n", pass ? "pass" : format_move(*pos, m).c_str(), static_cast<unsigned long long>(n));
  return 0;
}

}  // namespace

int cmd_perft(const Args& args) { return counting(args, false); }
int cmd_divide(const Args& args) { return counting(args, true); }

int cmd_moves(const Args& args) {
  Rules table;
  auto pos = position_arg(args, &table);
  if (!pos.ok()) return usage_error(std::string(pos.status().message()));
  for (const Move m : legal_moves(*pos)) std::printf("%s\n", format_move(*pos, m).c_str());
  return 0;
}

int cmd_show(const Args& args) {
  Rules table;
  auto pos = position_arg(args, &table);
  if (!pos.ok()) return usage_error(std::string(pos.status().message()));
  std::printf("%s%s\n", render_board(*pos).c_str(), pos->to_string().c_str());
  return 0;
}

}  // namespace sternhalma::cli
