// engine_process.h — an engine as a separate process: started by
// posix_spawn under /bin/sh (so COMMAND may carry arguments), its stdin,
// stdout and stderr on pipes, lines read with a deadline (poll), stderr
// drained and counted while waiting (its last bytes kept, so that a crash
// can say what the engine said last), and killed and reaped on every path
// (the destructor included). Nothing here knows a protocol: the referee
// (referee.h) speaks SHP or CCP through send() and read_line().
//
// Errors (absl::Status codes, the message says what happened):
//   DeadlineExceeded  no line before the deadline
//   Unavailable       the engine closed its output or died ("exited with
//                     status 3", "killed by signal 11")
//   OutOfRange        a line longer than kMaxLineBytes
//   ResourceExhausted stderr beyond kMaxStderrBytesPerGame since
//                     reset_stderr()
//   Internal          the process could not be started
#ifndef STERNHALMA_CLI_ENGINE_PROCESS_H_
#define STERNHALMA_CLI_ENGINE_PROCESS_H_

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace sternhalma::cli {

using SteadyClock = std::chrono::steady_clock;

class EngineProcess {
 public:
  EngineProcess() = default;
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;
  ~EngineProcess() { stop(); }

  // Starts `command` (a shell command line). The process gets its own
  // process group, so kill() also ends what it started.
  absl::Status start(const std::string& command);
  bool running() const { return pid_ > 0; }
  // Writes line + '\n'. Unavailable when the engine no longer reads.
  absl::Status send(std::string_view line);
  // The next line of stdout ('\r' before '\n' dropped), waiting at most
  // until `deadline`.
  absl::StatusOr<std::string> read_line(SteadyClock::time_point deadline);
  // Reads (and drops) what stderr holds now, without waiting, so an engine
  // that writes while it is not asked anything never blocks on a full pipe.
  // read_line() drains it too, while it waits.
  void drain_stderr();
  // Counts stderr from 0 again (at every new game).
  void reset_stderr() { stderr_bytes_ = 0; }
  int64_t stderr_bytes() const { return stderr_bytes_; }
  // Sends quit, waits up to kQuitMs for the engine to exit, then kills it.
  void stop();
  // SIGKILL to its process group, and reaps it.
  void kill();

 private:
  // Reaps; Unavailable with the exit status and the last line of stderr.
  absl::Status died(std::string_view what);
  void keep_tail(const char* data, ssize_t n);
  std::string last_stderr_line() const;
  static constexpr size_t kStderrTail = 512;  // bytes of stderr kept, for that last line
  void close_fds();
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1, err_ = -1;
  std::string buf_;  // stdout read but not yet returned
  int64_t stderr_bytes_ = 0;
  std::string err_tail_;  // the last kStderrTail bytes of stderr
};

}  // namespace sternhalma::cli

#endif  // STERNHALMA_CLI_ENGINE_PROCESS_H_
