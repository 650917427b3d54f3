// engine_bench: the engine protocol's cost per move — a `position` line and
// `go nodes 1` to `sternhalma engine` with the easy player, and the reply
// read back (bench/README.md, "The engine protocol"). The easy player's own
// work is a few microseconds, so the round trip is the protocol: pipes,
// two thread hand-offs, reading the position and replaying its moves.
//
//   engine_bench build/cli/sternhalma [rounds] [trips-per-round]
//
// Three kinds of trip: the start position; a game as a referee sends it
// (every action since the start, one more each move: the engine plays on
// from its last line), the engine's moves played until the game ends and
// then again; and two different 40-move lines in turn (each read from the
// start). Prints the median wall time of a round trip over the rounds, and
// the CPU time per trip of the engine process (from /proc) and of this
// program.
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "sternhalma/game.h"
#include "sternhalma/player.h"
#include "sternhalma/record.h"

extern char** environ;

namespace {

struct Child {
  pid_t pid = -1;
  int in = -1, out = -1;  // our ends: write to its stdin, read its stdout
  std::string buf;

  void send(const std::string& s) const {
    size_t done = 0;
    while (done < s.size()) {
      const ssize_t n = ::write(in, s.data() + done, s.size() - done);
      if (n <= 0) {
        std::perror("engine_bench: write");
        std::exit(1);
      }
      done += static_cast<size_t>(n);
    }
  }
  // Reads until a line that starts with `prefix`; returns it.
  std::string until(const char* prefix) {
    for (;;) {
      size_t nl;
      while ((nl = buf.find('\n')) != std::string::npos) {
        std::string line = buf.substr(0, nl);
        buf.erase(0, nl + 1);
        if (line.rfind(prefix, 0) == 0) return line;
        if (line.rfind("info error", 0) == 0) {
          std::fprintf(stderr, "engine_bench: the engine said: %s\n", line.c_str());
          std::exit(1);
        }
      }
      char chunk[4096];
      const ssize_t n = ::read(out, chunk, sizeof chunk);
      if (n <= 0) {
        std::fprintf(stderr, "engine_bench: the engine closed its output\n");
        std::exit(1);
      }
      buf.append(chunk, static_cast<size_t>(n));
    }
  }
};

Child start(const char* exe) {
  int to[2], from[2];
  if (pipe(to) || pipe(from)) {
    std::perror("engine_bench: pipe");
    std::exit(1);
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, to[0], 0);
  posix_spawn_file_actions_adddup2(&fa, from[1], 1);
  for (int fd : {to[0], to[1], from[0], from[1]}) posix_spawn_file_actions_addclose(&fa, fd);
  char* argv[] = {const_cast<char*>(exe), const_cast<char*>("engine"), nullptr};
  Child c;
  if (posix_spawn(&c.pid, exe, &fa, nullptr, argv, environ) != 0) {
    std::fprintf(stderr, "engine_bench: cannot start %s\n", exe);
    std::exit(1);
  }
  posix_spawn_file_actions_destroy(&fa);
  close(to[0]);
  close(from[1]);
  c.in = to[1];
  c.out = from[0];
  return c;
}

// utime + stime of a process, in seconds (/proc/<pid>/stat fields 14, 15).
double process_cpu(pid_t pid) {
  std::ifstream f("/proc/" + std::to_string(pid) + "/stat");
  std::string s((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  const size_t paren = s.rfind(')');
  if (paren == std::string::npos) return 0;
  std::vector<std::string> fields;
  size_t i = paren + 2;
  while (i < s.size()) {
    const size_t j = s.find(' ', i);
    fields.push_back(s.substr(i, j - i));
    if (j == std::string::npos) break;
    i = j + 1;
  }
  // fields[0] is field 3 (state): utime is field 14, stime 15.
  const double tick = static_cast<double>(sysconf(_SC_CLK_TCK));
  return (std::stod(fields[11]) + std::stod(fields[12])) / tick;
}

double self_cpu() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// The record's turn tokens (without "<id> <first seat> ").
std::string tokens_of(const sternhalma::Game& g) {
  std::string record = sternhalma::write_record(g, 0);
  record.pop_back();  // the final newline
  const size_t second = record.find(' ', record.find(' ') + 1);
  return second == std::string::npos ? "" : record.substr(second + 1);
}

// 40 moves of two easy players of this seed: the position line of a middle game.
std::string middle_game(uint64_t seed) {
  sternhalma::Game g = *sternhalma::Game::create("classic-2");
  sternhalma::Player easy(sternhalma::Level::kEasy, seed);
  while (!g.is_over() && g.turns() < 40) (void)g.apply(easy.choose(g));
  return "position classic-2 moves " + tokens_of(g) + "\ngo nodes 1\n";
}

// One round trip: the next line of `make`, the bestmove back to `take`.
template <class Make, class Take>
void run(Child& c, const char* what, Make make, Take take, int rounds, int trips) {
  for (int i = 0; i < 200; ++i) {  // warm: caches filled
    c.send(make());
    take(c.until("bestmove"));
  }
  std::vector<double> us;
  const double engine0 = process_cpu(c.pid), self0 = self_cpu();
  for (int r = 0; r < rounds; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < trips; ++i) {
      c.send(make());
      take(c.until("bestmove"));
    }
    const std::chrono::duration<double, std::micro> d = std::chrono::steady_clock::now() - t0;
    us.push_back(d.count() / trips);
  }
  const double n = static_cast<double>(rounds) * trips;
  const double engine_us = (process_cpu(c.pid) - engine0) / n * 1e6;
  const double self_us = (self_cpu() - self0) / n * 1e6;
  std::sort(us.begin(), us.end());
  std::printf("%-28s median %6.1f us wall per round trip (min %.1f, max %.1f over %d rounds of %d); "
              "CPU per trip: engine %.1f us, this program %.1f us\n",
              what, us[us.size() / 2], us.front(), us.back(), rounds, trips, engine_us, self_us);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: engine_bench path/to/sternhalma [rounds] [trips-per-round]\n");
    return 2;
  }
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 9;
  const int trips = argc > 3 ? std::atoi(argv[3]) : 2000;
  if (rounds < 1 || trips < 1) return 2;
  Child c = start(argv[1]);
  c.send("setoption name Level value easy\nisready\n");
  c.until("readyok");
  const auto ignore = [](const std::string&) {};
  run(c, "the start position", [] { return std::string("position classic-2\ngo nodes 1\n"); }, ignore,
      rounds, trips);
  // A game as the referee plays it, the engine's moves for both seats.
  sternhalma::Game game = *sternhalma::Game::create("classic-2");
  int games = 0;
  long long moves = 0;
  run(c, "a game, move by move",
      [&] {
        if (game.is_over() || game.turns() >= 200) {
          game = *sternhalma::Game::create("classic-2");
          ++games;
        }
        const std::string t = tokens_of(game);
        return "position classic-2" + (t.empty() ? "" : " moves " + t) + "\ngo nodes 1\n";
      },
      [&](const std::string& best) {
        if (!game.apply(best.substr(9)).ok()) {
          std::fprintf(stderr, "engine_bench: the engine played %s\n", best.c_str());
          std::exit(1);
        }
        moves += game.turns();
      },
      rounds, trips);
  std::printf("%28s (%d games restarted, %.0f actions a line on average)\n", "", games,
              static_cast<double>(moves) / (200.0 + rounds * static_cast<double>(trips)));
  const std::string lines[2] = {middle_game(1), middle_game(2)};
  int k = 0;
  run(c, "two 40-move lines in turn", [&] { return lines[k++ & 1]; }, ignore, rounds, trips);
  c.send("quit\n");
  close(c.in);
  int status = 0;
  waitpid(c.pid, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}
