/// @file
/// render.h — the board drawn as text: the one drawing of the library, used
/// by the CLI (`sternhalma show`, `play`) and the C ABI (sh_position_render).
#ifndef STERNHALMA_RENDER_H_
#define STERNHALMA_RENDER_H_

#include <string>

#include "sternhalma/position.h"

namespace sternhalma {

/// Rows 17..1 top to bottom with their numbers on both sides; a marble as
/// its seat letter followed by '*' for a king (the mark of the position
/// text), an empty cell as '.'; under the star the oblique lines a..q where
/// they would cross row 0 (they run up-right); then a line
/// "W to move, round 0 (classic-2)".
std::string render_board(const Position& pos);

}  // namespace sternhalma

#endif  // STERNHALMA_RENDER_H_
