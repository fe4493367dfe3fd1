// SPDX-License-Identifier: Apache-2.0
// tests/cases/thrown.hpp: the message an operation throws, for the error tests (docs/errors.md promises each one).
#pragma once

#include <exception>
#include <string>

namespace warpnum::test {

/// The exception message of f(), which must throw E: "no exception", or "wrong exception: ..." for another type.
template <class E, class F> std::string thrown_message(F&& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  } catch (const std::exception& e) {
    return std::string("wrong exception: ") + e.what();
  }
  return "no exception";
}

}  // namespace warpnum::test
