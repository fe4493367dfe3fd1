// SPDX-License-Identifier: Apache-2.0
// src/instantiate/bigint.cpp: explicit instantiation definitions of BasicInt (256-4096 bits, signed and unsigned), so every member compiles at those widths.
#include <warpnum/bigint.hpp>

template class warpnum::BasicInt<256, false>;
template class warpnum::BasicInt<256, true>;
template class warpnum::BasicInt<512, false>;
template class warpnum::BasicInt<512, true>;
template class warpnum::BasicInt<1024, false>;
template class warpnum::BasicInt<1024, true>;
template class warpnum::BasicInt<2048, false>;
template class warpnum::BasicInt<2048, true>;
template class warpnum::BasicInt<4096, false>;
template class warpnum::BasicInt<4096, true>;
