// Routes of a move: the canonical one by breadth-first search, all of them by
// a bounded depth-first search. Both walk the jump graph one hop at a time
// (movegen.h's jump_landings), which is slower than movegen's flood fill but
// gives the order of cells that a path needs. Only display and notation call
// them.
#include "sternhalma/paths.h"

#include <algorithm>
#include <array>

#include "sternhalma/geometry.h"
#include "sternhalma/movegen.h"

namespace sternhalma {

namespace {

bool is_step(Move m) { return neighbours(m.from).test(m.to); }

}  // namespace

Path canonical_path(const Position& pos, Move m) {
  if (m.from >= kNumCells || m.to >= kNumCells || !destinations(pos, m.from).test(m.to))
    return {};
  if (is_step(m)) return {m.from, m.to};
  // Breadth-first from the origin, keeping each cell's landings.
  std::array<int, kNumCells> dist;
  dist.fill(-1);
  std::array<std::array<Cell, 6>, kNumCells> adj;
  std::array<int, kNumCells> deg{};
  Cell order[kNumCells];
  int head = 0, tail = 0;
  dist[m.from] = 0;
  order[tail++] = m.from;
  while (head < tail) {
    const Cell x = order[head++];
    if (x == m.to) break;  // later layers cannot lie on a shortest path
    deg[x] = jump_landings(pos, m.from, x, adj[x].data());
    for (int i = 0; i < deg[x]; ++i)
      if (dist[adj[x][i]] < 0) {
        dist[adj[x][i]] = dist[x] + 1;
        order[tail++] = adj[x][i];
      }
  }
  if (dist[m.to] < 0) return {};
  // good[x]: x lies on some shortest path to m.to. Walk back layer by layer.
  std::array<bool, kNumCells> good{};
  good[m.to] = true;
  for (int i = head - 1; i >= 0; --i) {
    const Cell x = order[i];
    for (int k = 0; k < deg[x]; ++k)
      if (dist[adj[x][k]] == dist[x] + 1 && good[adj[x][k]]) good[x] = true;
  }
  // Greedy forward: the smallest good landing at each layer gives the
  // lexicographically smallest of the shortest chains.
  Path path{m.from};
  Cell x = m.from;
  while (x != m.to) {
    for (int k = 0; k < deg[x]; ++k) {
      const Cell y = adj[x][k];
      if (dist[y] == dist[x] + 1 && good[y]) {
        x = y;
        break;
      }
    }
    path.push_back(x);
  }
  return path;
}

std::vector<Path> all_paths(const Position& pos, Move m, size_t limit, Truncation* truncated) {
  std::vector<Path> out;
  if (truncated) *truncated = Truncation::kNone;
  if (m.from >= kNumCells || m.to >= kNumCells || !destinations(pos, m.from).test(m.to))
    return out;
  // Look for one route more than we return: finding it is what tells the
  // caller that routes were left out (and not finding it, that none were).
  const size_t keep = std::min(limit, kMaxPaths);
  Truncation cut = limit > kMaxPaths ? Truncation::kCeiling : Truncation::kLimit;
  bool stopped = false;
  auto found = [&](Path p) {
    if (out.size() == keep) {
      stopped = true;
      return;
    }
    out.push_back(std::move(p));
  };
  if (is_step(m)) found({m.from, m.to});
  // Depth-first in ascending landing order over the jump graph, whose hops
  // do not depend on the path (the origin is empty throughout): each cell's
  // landings are computed once.
  std::array<std::array<Cell, kNumDirs>, kNumCells> adj;
  std::array<int8_t, kNumCells> deg;
  deg.fill(-1);
  long hops = kMaxPathHops;
  Path path{m.from};
  std::array<bool, kNumCells> on_path{};
  on_path[m.from] = true;
  auto walk = [&](auto&& self, Cell x) -> void {
    if (deg[x] < 0) deg[x] = static_cast<int8_t>(jump_landings(pos, m.from, x, adj[x].data()));
    for (int i = 0; i < deg[x] && !stopped; ++i) {
      const Cell y = adj[x][i];
      if (on_path[y]) continue;
      if (--hops < 0) {
        stopped = true;
        cut = Truncation::kCeiling;
        return;
      }
      path.push_back(y);
      if (y == m.to) {
        found(path);
      } else {
        on_path[y] = true;
        self(self, y);
        on_path[y] = false;
      }
      path.pop_back();
    }
  };
  if (!stopped) walk(walk, m.from);
  if (truncated && stopped) *truncated = cut;
  return out;
}

}  // namespace sternhalma
