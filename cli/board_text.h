// board_text.h — the star drawn in text, with its coordinates.
#ifndef STERNHALMA_CLI_BOARD_TEXT_H_
#define STERNHALMA_CLI_BOARD_TEXT_H_

#include <string>

#include "sternhalma/position.h"

namespace sternhalma::cli {

// Rows 17..1 top to bottom with their numbers on both sides, a marble as its
// seat letter (a king in lower case), an empty cell as '.'; under the star,
// the oblique lines a..q where they would cross row 0 (they run up-right).
std::string render_board(const Position& pos);

}  // namespace sternhalma::cli

#endif  // STERNHALMA_CLI_BOARD_TEXT_H_
