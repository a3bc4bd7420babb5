// vec<bool, N> and vec<std::byte, N> (SYCL 2020 section 4.14.2): construction, elements,
// swizzles, operators, conversions, load and store, in host code and in a kernel, against the
// element-wise C++ results. A bool lane must always read as a valid bool: operators whose lane
// result could be another value (1 + 1, ++, -, ~, a conversion from int) give 0 or 1.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <cstddef>
#include <cstdint>

using bool4 = sycl::vec<bool, 4>;
using byte8 = sycl::vec<std::byte, 8>;

// Each check writes one value per slot, the same on the host and in the kernel.
constexpr int slots = 40;

void compute(long *out) {
  bool4 a{true, false, true, false}, b{true, true, false, false};
  int at = 0;
  const bool4 sum = a + b; // lanes 2, 1, 1, 0 normalised
  for (int i = 0; i < 4; ++i) out[at++] = sum[i];
  const auto both = a && b, either = a || b, equal = a == b, negated = !a;
  for (int i = 0; i < 4; ++i) out[at++] = both[i] * 1000 + either[i] * 100 + equal[i] * 10 + negated[i];
  bool4 counted = a;
  ++counted; // true + 1 and false + 1 are both true
  const bool4 complemented = ~b;
  for (int i = 0; i < 4; ++i) out[at++] = counted[i] * 10 + complemented[i];
  const bool4 from_ints = sycl::vec<int, 4>{0, 2, -1, 0}.convert<bool>();
  const sycl::vec<int, 4> to_ints = a.convert<int>();
  for (int i = 0; i < 4; ++i) out[at++] = from_ints[i] * 10 + to_ints[i];
  const sycl::vec<bool, 2> swizzled = a.yx();
  out[at++] = swizzled[0] * 10 + swizzled[1];
  a.xy() = b.zw();
  out[at++] = a[0] * 10 + a[1];

  const byte8 x{std::byte{1}, std::byte{2}, std::byte{3}, std::byte{0xF0}, std::byte{0x0F}, std::byte{0x80},
                std::byte{0xFF}, std::byte{0}};
  const byte8 masked = x & std::byte{0x0F}, merged = x | byte8(std::byte{0x10}), flipped = ~x,
              shifted = x << 1, toggled = x ^ x.swizzle<7, 6, 5, 4, 3, 2, 1, 0>();
  for (int i = 0; i < 8; ++i)
    out[at++] = long(std::to_integer<int>(masked[i])) << 32 | std::to_integer<int>(merged[i]) << 24 |
                std::to_integer<int>(flipped[i]) << 16 | std::to_integer<int>(shifted[i]) << 8 |
                std::to_integer<int>(toggled[i]);
  const auto same = x == toggled;
  out[at++] = same[0] + same[7] * 10;
  std::byte stored[8] = {};
  x.store(0, sycl::address_space_cast<sycl::access::address_space::private_space, sycl::access::decorated::no>(stored));
  byte8 loaded;
  loaded.load(0, sycl::address_space_cast<sycl::access::address_space::private_space, sycl::access::decorated::no>(
                     static_cast<const std::byte *>(stored)));
  out[at++] = std::to_integer<int>(loaded[3]) + std::to_integer<int>(stored[6]) * 1000;
  const sycl::vec<std::uint8_t, 8> as_bytes = x.convert<std::uint8_t>();
  out[at++] = as_bytes[5];
  // A swizzle of byte lanes assigned one byte; load and store through raw pointers.
  byte8 partly = x;
  partly.lo() = std::byte{0x55};
  std::byte raw_stored[8] = {};
  partly.store(0, raw_stored);
  byte8 raw_loaded;
  raw_loaded.load(0, static_cast<const std::byte *>(stored));
  out[at++] = std::to_integer<int>(raw_stored[2]) * 1000 + std::to_integer<int>(raw_stored[5]) +
              std::to_integer<long>(raw_loaded[6]) * 1000000;
  // From floating point: rounded to nearest even (0.3 to 0, -1.5 to -2), each lane stored as 0 or 1.
  const bool4 from_floats = sycl::vec<float, 4>{2.3f, 0.3f, -1.5f, 0.0f}.convert<bool>();
  out[at++] = sycl::bit_cast<std::uint32_t>(from_floats);
  while (at < slots) out[at++] = -1;
}

int main() {
  long host[slots];
  compute(host);
  // The C++ element results the host computation must give.
  const long sums[] = {1, 1, 1, 0};
  for (int i = 0; i < 4; ++i) check::equal("sum", i, host[i], sums[i]);
  // && || == ! as -1/0 lanes: lane 0 true/true, 1 false/true, 2 true/false, 3 false/false.
  check::equal("logic", 0, host[4], -1000 - 100 - 10 + 0);
  check::equal("logic", 1, host[5], 0 - 100 + 0 - 1);
  check::equal("logic", 2, host[6], 0 - 100 + 0 + 0);
  check::equal("logic", 3, host[7], 0 + 0 - 10 - 1);
  for (int i = 0; i < 4; ++i) check::equal("increment and complement", i, host[8 + i], 10 + 1);
  // bool from {0, 2, -1, 0}, tens; int from a = {true, false, true, false}, units.
  const long conversions[] = {0 + 1, 10 + 0, 10 + 1, 0 + 0};
  for (int i = 0; i < 4; ++i) check::equal("conversions", i, host[12 + i], conversions[i]);
  check::equal("swizzle read", 0, host[16], 0 * 10 + 1);
  check::equal("swizzle write", 0, host[17], 0 * 10 + 0);
  const int bytes[8] = {1, 2, 3, 0xF0, 0x0F, 0x80, 0xFF, 0};
  for (int i = 0; i < 8; ++i) {
    const long expected = long(bytes[i] & 0x0F) << 32 | (bytes[i] | 0x10) << 24 | (~bytes[i] & 0xFF) << 16 |
                          ((bytes[i] << 1) & 0xFF) << 8 | (bytes[i] ^ bytes[7 - i]);
    check::equal("byte operators", i, host[18 + i], expected);
  }
  check::equal("byte comparison", 0, host[26], -1 + 0 * 10); // x[0] ^ x[7] == x[0]; x[7] ^ x[0] != x[7]
  check::equal("byte load and store", 0, host[27], 0xF0 + 0xFF * 1000);
  check::equal("byte conversion", 0, host[28], 0x80);
  check::equal("byte swizzle assignment and raw pointers", 0, host[29], 0x55 * 1000 + 0x80 + 0xFFL * 1000000);
  check::equal("bool from float, stored bytes", 0, host[30], 0x00010001);

  sycl::queue q;
  long *device = sycl::malloc_shared<long>(slots, q);
  q.single_task([=] { compute(device); }).wait();
  for (int i = 0; i < slots; ++i) check::equal("kernel matches host", i, device[i], host[i]);
  sycl::free(device, q);
  return check::finish();
}
