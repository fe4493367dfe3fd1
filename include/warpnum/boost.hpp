// SPDX-License-Identifier: Apache-2.0
// warpnum/boost.hpp: BigInt and BigUInt as a Boost.Multiprecision backend, so that code written for
// boost::multiprecision::int1024_t switches to warpnum by one typedef:
//
//   using Int = warpnum::boost_int<1024>;      // was: boost::multiprecision::int1024_t
//   Int a = 1, b("0x123456789abcdef");
//   Int c = powm(a + b, b, Int(1000000007));   // Boost's free functions work: powm, gcd, lcm, sqrt, msb, ...
//
// Host code only; needs Boost.Multiprecision's headers (Debian's 1.74 and Boost 1.81 are tested).
//
// Where warpnum's two's complement and Boost's signed-magnitude int1024_t differ (docs/errors.md):
// - the range: boost_int<Bits> holds [-2^(Bits-1), 2^(Bits-1) - 1] (numeric_limits says so); int1024_t holds
//   [-(2^Bits - 1), 2^Bits - 1]. Results wrap modulo 2^Bits, as Boost's unchecked types truncate;
// - bitwise operations, shifts and bit tests of negative values act on the two's complement bits (int1024_t
//   emulates the same for & | ^ ~, and its >> of a negative value rounds toward -infinity like ours); lsb, msb
//   of a negative value throw std::range_error, as Boost's do.
//
// Errors are thrown as Boost.Multiprecision throws its own, by BOOST_THROW_EXCEPTION, rather than through warpnum's
// one throw point (detail/raise.hpp): some of them come from Boost's generic code around the backend, and a program
// must get them all one way: as a boost::wrapexcept<E> (caught as E, or as boost::exception) with exceptions, and
// through the program's own boost::throw_exception under BOOST_NO_EXCEPTIONS.
#pragma once

#include <warpnum/boost/backend.hpp>
#include <warpnum/boost/eval.hpp>
#include <warpnum/boost/traits.hpp>
