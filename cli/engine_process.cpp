#include "engine_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>

#include "match_limits.h"
#include "sternhalma/text.h"

extern char** environ;

namespace sternhalma::cli {

namespace {

std::string status_text(int status) {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
  return "stopped";
}

int64_t ms_until(SteadyClock::time_point t) {
  const auto d = std::chrono::duration_cast<std::chrono::milliseconds>(t - SteadyClock::now()).count();
  return d < 0 ? 0 : d;
}

}  // namespace

absl::Status EngineProcess::start(const std::string& command) {
  stop();
  // Pipes are close-on-exec in this process, so an engine started by
  // another thread at the same time does not inherit them; dup2 onto 0, 1,
  // 2 clears the flag in the child.
  int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1};
  auto close_all = [&] {
    for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1]})
      if (fd >= 0) ::close(fd);
  };
  if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC)) {
    const int e = errno;
    close_all();
    return absl::InternalError(std::string("cannot make pipes: ") + std::strerror(e));
  }
  posix_spawn_file_actions_t fa;
  posix_spawnattr_t attr;
  posix_spawn_file_actions_init(&fa);
  posix_spawnattr_init(&attr);
  posix_spawn_file_actions_adddup2(&fa, in[0], 0);
  posix_spawn_file_actions_adddup2(&fa, out[1], 1);
  posix_spawn_file_actions_adddup2(&fa, err[1], 2);
  // Its own process group (kill() ends the group); default SIGPIPE, as the
  // referee ignores it.
  sigset_t def;
  sigemptyset(&def);
  sigaddset(&def, SIGPIPE);
  posix_spawnattr_setsigdefault(&attr, &def);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);
  const std::string script = "exec " + command;
  char sh[] = "/bin/sh", dash_c[] = "-c";
  char* argv[] = {sh, dash_c, const_cast<char*>(script.c_str()), nullptr};
  pid_t pid = -1;
  const int rc = posix_spawn(&pid, "/bin/sh", &fa, &attr, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&attr);
  ::close(in[0]);
  ::close(out[1]);
  ::close(err[1]);
  if (rc != 0) {
    ::close(in[1]);
    ::close(out[0]);
    ::close(err[0]);
    return absl::InternalError(std::string("cannot start /bin/sh: ") + std::strerror(rc));
  }
  pid_ = pid;
  // Our end of its input does not block: send() waits for room with a
  // deadline instead (the engine's end is another open file, unchanged).
  fcntl(in[1], F_SETFL, fcntl(in[1], F_GETFL) | O_NONBLOCK);
  in_ = in[1];
  out_ = out[0];
  err_ = err[0];
  buf_.clear();
  err_tail_.clear();
  stderr_bytes_ = 0;
  return absl::OkStatus();
}

absl::Status EngineProcess::send(std::string_view line) {
  if (!running()) return absl::UnavailableError("not running");
  std::string data(line);
  data += '\n';
  size_t done = 0;
  const auto deadline = SteadyClock::now() + std::chrono::milliseconds(kWriteMs);
  while (done < data.size()) {
    const ssize_t n = ::write(in_, data.data() + done, data.size() - done);
    if (n >= 0) {
      done += static_cast<size_t>(n);
      continue;
    }
    if (errno == EINTR) continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK) return died("stopped reading its input");
    pollfd fd{in_, POLLOUT, 0};
    const int r = ::poll(&fd, 1, static_cast<int>(ms_until(deadline)));
    if (r == 0) {
      kill();
      return absl::DeadlineExceededError("does not read its input (no room for a line in " +
                                         std::to_string(kWriteMs) + " ms)");
    }
    if (r < 0 && errno != EINTR) return died("stopped reading its input");
  }
  return absl::OkStatus();
}

absl::StatusOr<std::string> EngineProcess::read_line(SteadyClock::time_point deadline) {
  if (!running()) return absl::UnavailableError("not running");
  char chunk[4096];
  for (;;) {
    const size_t nl = buf_.find('\n');
    if (nl != std::string::npos) {
      if (static_cast<int64_t>(nl) > kMaxLineBytes)
        return absl::OutOfRangeError("sent a line longer than " + std::to_string(kMaxLineBytes) + " bytes");
      std::string line = buf_.substr(0, nl);
      buf_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    if (static_cast<int64_t>(buf_.size()) > kMaxLineBytes)
      return absl::OutOfRangeError("sent a line longer than " + std::to_string(kMaxLineBytes) + " bytes");
    pollfd fds[2] = {{out_, POLLIN, 0}, {err_, POLLIN, 0}};
    const nfds_t nfds = err_ >= 0 ? 2 : 1;
    const int wait = static_cast<int>(ms_until(deadline));
    const int r = ::poll(fds, nfds, wait);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) return died(std::string("poll failed: ") + std::strerror(errno));
    if (r == 0) return absl::DeadlineExceededError("no answer in time");
    if (nfds == 2 && (fds[1].revents & (POLLIN | POLLHUP | POLLERR))) {
      const ssize_t n = ::read(err_, chunk, sizeof chunk);
      if (n > 0) {
        stderr_bytes_ += n;
      keep_tail(chunk, n);
        keep_tail(chunk, n);
        if (stderr_bytes_ > kMaxStderrBytesPerGame)
          return absl::ResourceExhaustedError("wrote more than " + std::to_string(kMaxStderrBytesPerGame) +
                                              " bytes to stderr in one game");
      } else if (n == 0) {
        ::close(err_);  // stderr closed; stdout may still be open
        err_ = -1;
      }
    }
    if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      const ssize_t n = ::read(out_, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return died("closed its output");
      buf_.append(chunk, static_cast<size_t>(n));
    }
  }
}

void EngineProcess::drain_stderr() {
  char chunk[4096];
  // At most a few pipe buffers a call: an engine writing without end is
  // stopped by the ceiling at its next move, not by a loop here.
  for (int k = 0; k < 64 && err_ >= 0 && stderr_bytes_ <= kMaxStderrBytesPerGame; ++k) {
    pollfd fd{err_, POLLIN, 0};
    if (::poll(&fd, 1, 0) <= 0 || !(fd.revents & (POLLIN | POLLHUP | POLLERR))) return;
    const ssize_t n = ::read(err_, chunk, sizeof chunk);
    if (n > 0) {
      stderr_bytes_ += n;
      keep_tail(chunk, n);
    } else if (n == 0) {
      ::close(err_);
      err_ = -1;
    } else if (errno != EINTR) {
      return;
    }
  }
}

void EngineProcess::keep_tail(const char* data, ssize_t n) {
  err_tail_.append(data, static_cast<size_t>(n));
  if (err_tail_.size() > kStderrTail) err_tail_.erase(0, err_tail_.size() - kStderrTail);
}

std::string EngineProcess::last_stderr_line() const {
  size_t end = err_tail_.size();
  while (end > 0 && (err_tail_[end - 1] == '\n' || err_tail_[end - 1] == '\r')) --end;
  const size_t nl = err_tail_.rfind('\n', end == 0 ? 0 : end - 1);
  const size_t start = nl == std::string::npos ? 0 : nl + 1;
  return start < end ? err_tail_.substr(start, end - start) : std::string();
}

absl::Status EngineProcess::died(std::string_view what) {
  drain_stderr();  // what it wrote last, for the message
  // Give an engine that is exiting a moment to do so, for its status.
  int status = 0;
  pid_t r = 0;
  for (int i = 0; i < 20 && (r = ::waitpid(pid_, &status, WNOHANG)) == 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  std::string how;
  if (r == pid_) {
    how = status_text(status);
    pid_ = -1;
  } else {
    kill();
    how = "still running: killed";
  }
  const std::string last = last_stderr_line();
  if (!last.empty()) how += "; its last stderr line: " + text::quote(last, 120);
  close_fds();
  return absl::UnavailableError(std::string(what) + " (" + how + ")");
}

void EngineProcess::stop() {
  if (!running()) {
    close_fds();
    return;
  }
  (void)send("quit");
  if (in_ >= 0) ::close(in_), in_ = -1;  // EOF too, for an engine that ignores quit
  const auto until = SteadyClock::now() + std::chrono::milliseconds(kQuitMs);
  int status = 0;
  while (running() && SteadyClock::now() < until) {
    if (::waitpid(pid_, &status, WNOHANG) == pid_) pid_ = -1;
    else std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  kill();
}

void EngineProcess::kill() {
  if (running()) {
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);  // in case it left its group
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
  }
  close_fds();
}

void EngineProcess::close_fds() {
  for (int* fd : {&in_, &out_, &err_})
    if (*fd >= 0) ::close(*fd), *fd = -1;
  buf_.clear();
}

}  // namespace sternhalma::cli
