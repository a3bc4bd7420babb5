// sycl_ext_oneapi_sub_group_mask: group_ballot over the lanes of a sub-group, and the mask's
// operations on the masks it makes, checked against a host model of the sub-groups' layout (a
// sub-group is a run of up to W consecutive work-items of a row, W being the kernel's
// get_max_local_range(); docs/vectorizer.md, "Sub-groups"). Also the mask's operations on the
// host, where its size is max_bits. With EXPECTED_SUB_GROUP_SIZE=N in the environment, W must
// be N.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <cstdint>
#include <cstdlib>

namespace oneapi = sycl::ext::oneapi;

constexpr size_t kRowLength = 23, kRows = 2;

enum Slot { kMax, kBallot, kCount, kLow, kHigh, kSize, kOps, kShifts, kBits, kReference, kAllAny, kSlots };

bool predicate(size_t global) { return (global * 7 + 3) % 5 < 2; }

// The host model of a ballot: the predicates of the work-item's sub-group, as bits.
uint64_t model_ballot(size_t row_base, size_t lane_base, size_t size) {
  uint64_t bits = 0;
  for (size_t k = 0; k < size; ++k)
    if (predicate(row_base + lane_base + k)) bits |= uint64_t(1) << k;
  return bits;
}

void host_checks() {
  static_assert(oneapi::sub_group_mask::max_bits == 64);
  static_assert(std::is_same_v<sycl::sub_group::mask_type, oneapi::sub_group_mask>);
  oneapi::sub_group_mask m(0x8000000000000005ull);
  check::equal("host size", 0, m.size(), 64u);
  check::equal("host count", 0, m.count(), 3u);
  check::equal("host find_low", 0, m.find_low()[0], 0u);
  check::equal("host find_high", 0, m.find_high()[0], 63u);
  m.reset_high();
  check::equal("host reset_high", 0, m.find_high()[0], 2u);
  m[sycl::id<1>(10)] = true;
  check::equal("host reference", 0, bool(m[sycl::id<1>(10)]), true);
  m[sycl::id<1>(10)].flip();
  check::equal("host reference flip", 0, m.test(sycl::id<1>(10)), false);
  uint32_t low = 0;
  (m << 30).extract_bits(low, sycl::id<1>(30));
  check::equal("host extract after shift", 0, low, 5u);
  sycl::marray<uint8_t, 2> bytes{0x0f, 0xf0};
  oneapi::sub_group_mask from_bytes(bytes);
  check::equal("host marray constructor", 0, from_bytes.count(), 8u);
  check::equal("host marray bit 12", 0, from_bytes.test(sycl::id<1>(12)), true);
  oneapi::sub_group_mask all;
  all.set();
  check::equal("host all", 0, all.all() && (~all).none(), true);
  check::equal("host default none", 0, oneapi::sub_group_mask().none(), true);
}

int main() {
  host_checks();
  sycl::queue q;
  const size_t n = kRowLength * kRows * 2;
  uint64_t *out = sycl::malloc_shared<uint64_t>(n * kSlots, q);
  q.parallel_for(sycl::nd_range<2>({kRows * 2, kRowLength}, {kRows, kRowLength}), [=](sycl::nd_item<2> it) {
     sycl::sub_group sg = it.get_sub_group();
     const size_t global = it.get_global_linear_id();
     uint64_t *o = out + global * kSlots;
     const oneapi::sub_group_mask ballot = oneapi::group_ballot(sg, predicate(global));
     o[kMax] = sg.get_max_local_range()[0];
     uint64_t bits = 0;
     ballot.extract_bits(bits);
     o[kBallot] = bits;
     o[kCount] = ballot.count();
     o[kLow] = ballot.find_low()[0];
     o[kHigh] = ballot.find_high()[0];
     o[kSize] = ballot.size();
     // The lanes whose predicate is false, and those of an even local id.
     oneapi::sub_group_mask even = oneapi::group_ballot(sg, sg.get_local_linear_id() % 2 == 0);
     uint64_t ops = 0;
     ((~ballot & even) | (ballot ^ even)).extract_bits(ops);
     o[kOps] = ops;
     uint64_t shifted = 0;
     ((ballot << 1) >> 2).extract_bits(shifted);
     o[kShifts] = shifted;
     oneapi::sub_group_mask inserted;
     inserted.insert_bits(uint8_t(0xa5), sycl::id<1>(1));
     uint64_t inserted_bits = 0;
     inserted.extract_bits(inserted_bits);
     o[kBits] = inserted_bits;
     oneapi::sub_group_mask copy = ballot;
     copy[sycl::id<1>(0)] = !copy[sycl::id<1>(0)];
     copy.reset_low();
     uint64_t copy_bits = 0;
     copy.extract_bits(copy_bits);
     o[kReference] = copy_bits;
     o[kAllAny] = oneapi::group_ballot(sg).all() * 4 + ballot.any() * 2 + ballot.none();
   }).wait();

  const size_t width = out[kMax];
  if (const char *expected = std::getenv("EXPECTED_SUB_GROUP_SIZE"))
    check::equal("max sub-group size (the build's width)", 0, width, std::strtoul(expected, nullptr, 10));
  auto low_bits = [](size_t count) { return count >= 64 ? ~uint64_t(0) : (uint64_t(1) << count) - 1; };
  for (size_t global = 0; global < n; ++global) {
    const uint64_t *o = out + global * kSlots;
    const size_t row_base = global / kRowLength * kRowLength, lx = global % kRowLength;
    const size_t lane_base = lx / width * width, size = std::min(width, kRowLength - lane_base);
    const uint64_t ballot = model_ballot(row_base, lane_base, size), valid = low_bits(width);
    uint64_t even = 0;
    for (size_t k = 0; k < size; k += 2) even |= uint64_t(1) << k;
    const long at = long(global);
    check::equal("ballot", at, o[kBallot], ballot);
    check::equal("count", at, o[kCount], __builtin_popcountll(ballot));
    check::equal("find_low", at, o[kLow], ballot ? __builtin_ctzll(ballot) : width);
    check::equal("find_high", at, o[kHigh], ballot ? 63 - __builtin_clzll(ballot) : width);
    check::equal("size", at, o[kSize], width);
    check::equal("and, or, xor, not", at, o[kOps], ((~ballot & valid & even) | (ballot ^ even)));
    check::equal("shifts", at, o[kShifts], ((ballot << 1) & valid) >> 2);
    check::equal("insert_bits", at, o[kBits], (uint64_t(0xa5) << 1) & valid);
    uint64_t copy = ballot ^ 1;
    if (copy) copy &= copy - 1;
    check::equal("reference and reset_low", at, o[kReference], copy);
    const bool full = size == width;
    check::equal("all, any, none", at, o[kAllAny], full * 4 + (ballot != 0) * 2 + (ballot == 0));
  }
  sycl::free(out, q);
  return check::finish();
}
