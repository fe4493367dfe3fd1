// SPDX-License-Identifier: Apache-2.0
// examples/png.hpp: a minimal PNG encoder for the examples, host only and plain C++: 8-bit RGB, no filtering,
// and a zlib stream of stored (uncompressed) deflate blocks, so the file is about 3 bytes a pixel. The checksums
// are computed here: CRC-32 (ISO 3309, as PNG's chunks use it) and Adler-32 (RFC 1950).
//   PNG: ISO/IEC 15948 (W3C "Portable Network Graphics Specification", 2nd ed.), 5.2-5.4 and 11.2.2-11.2.4.
//   zlib: RFC 1950, 2.2; deflate's stored blocks: RFC 1951, 3.2.3-3.2.4.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace examples {

namespace detail {

/// The byte-at-a-time table of the reflected CRC-32 polynomial 0xedb88320 (x^32 + x^26 + ... + 1).
constexpr std::array<std::uint32_t, 256> make_crc32_table() {
  std::array<std::uint32_t, 256> t{};
  for (std::uint32_t n = 0; n < 256; ++n) {
    std::uint32_t c = n;
    for (int k = 0; k < 8; ++k) c = (c & 1u) != 0 ? 0xedb88320u ^ (c >> 1) : c >> 1;
    t[n] = c;
  }
  return t;
}
inline constexpr std::array<std::uint32_t, 256> crc32_table = make_crc32_table();

inline void put_u32_be(std::vector<std::uint8_t>& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::uint8_t>(v >> shift));
}

/// Appends a chunk: length, type, data, and the CRC of type and data (PNG 5.3).
inline void put_chunk(std::vector<std::uint8_t>& out, const char (&type)[5], const std::vector<std::uint8_t>& data) {
  put_u32_be(out, static_cast<std::uint32_t>(data.size()));
  const std::size_t crc_from = out.size();
  out.insert(out.end(), type, type + 4);
  out.insert(out.end(), data.begin(), data.end());
  std::uint32_t c = 0xffffffffu;
  for (std::size_t i = crc_from; i < out.size(); ++i) c = crc32_table[(c ^ out[i]) & 0xffu] ^ (c >> 8);
  put_u32_be(out, c ^ 0xffffffffu);
}

}  // namespace detail

/// CRC-32 of n bytes as PNG and zlib's crc32() compute it (crc32("123456789") == 0xcbf43926).
inline std::uint32_t crc32(const std::uint8_t* p, std::size_t n) {
  std::uint32_t c = 0xffffffffu;
  for (std::size_t i = 0; i < n; ++i) c = detail::crc32_table[(c ^ p[i]) & 0xffu] ^ (c >> 8);
  return c ^ 0xffffffffu;
}

/// Adler-32 of n bytes (RFC 1950, 8.2; adler32("Wikipedia") == 0x11e60398).
inline std::uint32_t adler32(const std::uint8_t* p, std::size_t n) {
  constexpr std::uint32_t mod = 65521;
  std::uint32_t a = 1, b = 0;
  while (n > 0) {
    // 5552 bytes at most between reductions keep b below 2^32 (zlib's NMAX, derived from the bound itself).
    const std::size_t run = n < 5552 ? n : 5552;
    for (std::size_t i = 0; i < run; ++i) {
      a += p[i];
      b += a;
    }
    a %= mod;
    b %= mod;
    p += run;
    n -= run;
  }
  return (b << 16) | a;
}

/// The PNG file of a width x height image, rgb holding 3 bytes a pixel, rows top to bottom. Precondition:
/// width, height >= 1 and rgb.size() == 3 * width * height.
inline std::vector<std::uint8_t> encode_png_rgb(std::uint32_t width, std::uint32_t height, const std::vector<std::uint8_t>& rgb) {
  // The filtered image (PNG 7.2, 9.2): each row is filter type 0 (None), then its bytes unchanged.
  const std::size_t row_bytes = 3 * static_cast<std::size_t>(width);
  std::vector<std::uint8_t> raw;
  raw.reserve((row_bytes + 1) * height);
  for (std::uint32_t y = 0; y < height; ++y) {
    raw.push_back(0);
    raw.insert(raw.end(), rgb.begin() + static_cast<std::ptrdiff_t>(y * row_bytes),
               rgb.begin() + static_cast<std::ptrdiff_t>((y + 1) * row_bytes));
  }

  // zlib: CMF 0x78 (deflate, 32 KiB window), FLG 0x01 (no dictionary; 0x7801 is a multiple of 31), then stored
  // blocks of at most 65535 bytes (header byte BFINAL | BTYPE 00 << 1, LEN and its complement NLEN, little-endian,
  // the bytes), then the Adler-32 of the uncompressed data, big-endian.
  std::vector<std::uint8_t> z{0x78, 0x01};
  std::size_t at = 0;
  do {
    const std::size_t len = raw.size() - at < 65535 ? raw.size() - at : 65535;
    const bool last = at + len == raw.size();
    z.push_back(last ? 1 : 0);
    z.push_back(static_cast<std::uint8_t>(len));
    z.push_back(static_cast<std::uint8_t>(len >> 8));
    z.push_back(static_cast<std::uint8_t>(~len));
    z.push_back(static_cast<std::uint8_t>(~len >> 8));
    z.insert(z.end(), raw.begin() + static_cast<std::ptrdiff_t>(at), raw.begin() + static_cast<std::ptrdiff_t>(at + len));
    at += len;
  } while (at < raw.size());
  detail::put_u32_be(z, adler32(raw.data(), raw.size()));

  std::vector<std::uint8_t> png{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  std::vector<std::uint8_t> ihdr;
  detail::put_u32_be(ihdr, width);
  detail::put_u32_be(ihdr, height);
  ihdr.insert(ihdr.end(), {8, 2, 0, 0, 0});  // bit depth 8, colour type 2 (RGB), deflate, adaptive filters, no interlace
  detail::put_chunk(png, "IHDR", ihdr);
  detail::put_chunk(png, "IDAT", z);
  detail::put_chunk(png, "IEND", {});
  return png;
}

/// Writes encode_png_rgb(width, height, rgb) to path; false (errno set) when the file cannot be written.
inline bool write_png_rgb(const std::string& path, std::uint32_t width, std::uint32_t height, const std::vector<std::uint8_t>& rgb) {
  const std::vector<std::uint8_t> png = encode_png_rgb(width, height, rgb);
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return false;
  const bool written = std::fwrite(png.data(), 1, png.size(), f) == png.size();
  return std::fclose(f) == 0 && written;
}

}  // namespace examples
