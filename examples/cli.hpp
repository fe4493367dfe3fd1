// SPDX-License-Identifier: Apache-2.0
// examples/cli.hpp: the command-line piece the examples share.
#pragma once

#include <cstdlib>
#include <string>

namespace warpnum::examples {

/// The number in `text` as strtoull reads it (decimal, 0x hex, 0 octal); `usage("not a number: <text>")`, which
/// does not return, when text is not one.
template <class Usage> unsigned long long number_argument(const char* text, Usage usage) {
  char* end = nullptr;
  const unsigned long long v = std::strtoull(text, &end, 0);
  if (end == text || *end != '\0') usage(("not a number: " + std::string(text)).c_str());
  return v;
}

}  // namespace warpnum::examples
