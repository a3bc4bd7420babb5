// sycl_ext_oneapi_annotated_ptr, _annotated_arg and _usm_malloc_properties: kernels read and
// write through annotated_ptr (`*`, `[]`, `+`, `++`, `--`, `-`) and annotated_ref (assignment,
// compound assignment, increments, operators), and take annotated_arg values and pointers, in
// lambdas and in a function object; the annotated allocation functions of each kind (bytes and
// elements, device and context or queue) return pointers of the right kind and alignment, with
// usm_kind and the properties given; an impossible alignment gives a null pointer and a usm_kind
// contradicting the usm::alloc argument throws errc::invalid. Results against host references;
// the types' properties with static_assert.
#include <sycl/sycl.hpp>
#include "check.hpp"

#include <cstdint>
#include <type_traits>
#include <vector>

namespace syclex = sycl::ext::oneapi::experimental;
using sycl::usm::alloc;

static_assert(SYCL_EXT_ONEAPI_ANNOTATED_PTR == 1);
static_assert(SYCL_EXT_ONEAPI_ANNOTATED_ARG == 1);
static_assert(SYCL_EXT_ONEAPI_USM_MALLOC_PROPERTIES == 1);

using aligned64 = decltype(syclex::properties{syclex::alignment<64>});
using device_kind = decltype(syclex::properties{syclex::usm_kind_device});

// The types: pointer-sized, trivially and device copyable; properties queried at compile time;
// the deduction guides; the allocation functions' result types.
static_assert(sizeof(syclex::annotated_ptr<int, aligned64>) == sizeof(int *));
static_assert(std::is_trivially_copyable_v<syclex::annotated_ptr<float, aligned64>>);
static_assert(sycl::is_device_copyable_v<syclex::annotated_ptr<float, aligned64>>);
static_assert(std::is_trivially_copyable_v<syclex::annotated_arg<int *, aligned64>>);
static_assert(sycl::is_device_copyable_v<syclex::annotated_arg<float>>);
static_assert(syclex::annotated_ptr<int, aligned64>::has_property<syclex::alignment_key>());
static_assert(!syclex::annotated_ptr<int, aligned64>::has_property<syclex::usm_kind_key>());
static_assert(syclex::annotated_ptr<int, aligned64>::get_property<syclex::alignment_key>().value == 64);
static_assert(syclex::annotated_arg<int *, aligned64>::get_property<syclex::alignment_key>() == syclex::alignment<64>);
static_assert(!std::is_convertible_v<syclex::annotated_ptr<int>, int *>);
static_assert(std::is_same_v<decltype(syclex::annotated_ptr(static_cast<int *>(nullptr), syclex::alignment<64>)),
                             syclex::annotated_ptr<int, aligned64>>);
static_assert(std::is_same_v<decltype(syclex::annotated_ptr(static_cast<int *>(nullptr),
                                                            syclex::properties{syclex::restrict, syclex::alignment<64>})),
                             decltype(syclex::annotated_ptr(static_cast<int *>(nullptr), syclex::alignment<64>,
                                                            syclex::restrict))>);
static_assert(std::is_same_v<decltype(syclex::annotated_ptr(syclex::annotated_ptr<int, aligned64>(),
                                                            syclex::properties{syclex::usm_kind_device})),
                             syclex::annotated_ptr<int, decltype(syclex::properties{syclex::alignment<64>,
                                                                                    syclex::usm_kind_device})>>);
static_assert(std::is_same_v<decltype(syclex::annotated_arg(1.5f)), syclex::annotated_arg<float>>);
static_assert(std::is_same_v<decltype(syclex::malloc_device_annotated<int>(1, std::declval<sycl::queue &>())),
                             syclex::annotated_ptr<int, device_kind>>);
static_assert(std::is_same_v<decltype(syclex::malloc_shared_annotated(
                                 1, std::declval<sycl::queue &>(), syclex::properties{syclex::alignment<64>})),
                             syclex::annotated_ptr<void, decltype(syclex::properties{syclex::alignment<64>,
                                                                                     syclex::usm_kind_shared})>>);
static_assert(std::is_same_v<decltype(syclex::malloc_annotated<int>(1, std::declval<sycl::queue &>(), alloc::host)),
                             syclex::annotated_ptr<int>>);

template <typename Pointer> bool aligned_to(const Pointer &p, std::uintptr_t alignment) {
  return reinterpret_cast<std::uintptr_t>(p.get()) % alignment == 0;
}

// annotated_ptr in a kernel: `[]` reads and writes, compound assignments and increments through
// annotated_ref, pointer arithmetic, `*`, and a 64-byte aligned pointer's get() and `[]`.
void check_pointer_kernels(sycl::queue &q) {
  constexpr int n = 256;
  auto in = syclex::malloc_shared_annotated<int>(n, q, syclex::properties{syclex::alignment<64>});
  auto out = syclex::malloc_shared_annotated<int>(n, q);
  auto sums = syclex::malloc_device_annotated<long>(4, q);
  check::equal("shared allocation", 0, bool(in) && bool(out) && bool(sums), true);
  static_assert(decltype(in)::has_property<syclex::alignment_key>());
  for (int i = 0; i < n; ++i) in.get()[i] = i * 3 - 100;
  q.memset(sums.get(), 0, 4 * sizeof(long)).wait();
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
     const int i = int(id[0]);
     out[i] = in[i];
     out[i] += 7;
     out[i] *= 2;
     out[i] -= in[i];
     out[i] <<= 1;
     out[i] ^= 5;
     out[i] |= 0x100;
     out[i] &= 0x7fff;
     out[i] %= 1000;
     out[i] >>= 1;
     ++out[i];
     out[i]++;
     --out[i];
   }).wait();
  q.single_task([=] {
     auto it = out;
     const auto end = out + n;
     long total = 0;
     while (end - it > 0) total += *it++;
     *sums = total;
     auto back = end;
     --back;
     sums[1] = *back--;
     sums[2] = *back + (back - out);
     sums[3] = in[5] + *in.get();
   }).wait();
  long host_sums[4];
  q.memcpy(host_sums, sums.get(), sizeof host_sums).wait();
  long total = 0;
  std::vector<int> expected(n);
  for (int i = 0; i < n; ++i) {
    int v = i * 3 - 100;
    int r = v + 7;
    r *= 2;
    r -= v;
    r <<= 1;
    r ^= 5;
    r |= 0x100;
    r &= 0x7fff;
    r %= 1000;
    r >>= 1;
    r += 1;
    expected[i] = r;
    check::equal("annotated_ref operators", i, out.get()[i], r);
    total += r;
  }
  check::equal("walk with ++ and -", 0, host_sums[0], total);
  check::equal("-- and *", 1, host_sums[1], expected[n - 1]);
  check::equal("pointer difference", 2, host_sums[2], expected[n - 2] + (n - 2));
  check::equal("aligned pointer", 3, host_sums[3], (5 * 3 - 100) + (-100));
  syclex::free(in, q);
  syclex::free(out, q);
  syclex::free(sums, q.get_context());
}

// annotated_ref's value operators, assignment from another annotated_ref, and the conversions
// between annotated_ptrs.
void check_references(sycl::queue &q) {
  auto values = syclex::malloc_shared_annotated<int>(8, q);
  for (int i = 0; i < 8; ++i) values.get()[i] = i + 1;
  syclex::annotated_ptr<int, decltype(syclex::properties{syclex::usm_kind_shared, syclex::restrict})> wider(values);
  q.single_task([=] {
     values[0] = values[1] + values[2] * 10;             // 2 + 30
     values[3] = -values[3] + (values[4] < values[5]);   // -4 + 1
     values[6] = wider[7];                               // 8
     wider[7] = !values[7] + ~values[1] + (values[2] == 3) + ((values[1] << 2) > 7);
   }).wait();
  const int expected[8] = {32, 2, 3, -3, 5, 6, 8, !8 + ~2 + 1 + 1};
  for (int i = 0; i < 8; ++i) check::equal("annotated_ref value operators", i, values.get()[i], expected[i]);
  syclex::free(values, q);
}

// annotated_arg: a function object with a pointer, an aligned pointer and a value argument, and
// a lambda capturing annotated_args; operators, `[]`, `->` and conversions.
struct point {
  int x, y;
};
struct scale_kernel {
  syclex::annotated_arg<float *, aligned64> data;
  syclex::annotated_arg<const float *> offsets;
  syclex::annotated_arg<float> factor;
  void operator()(sycl::id<1> i) const { data[i] = data[i] * factor + offsets[i] - factor / 2; }
};
void check_arguments(sycl::queue &q) {
  constexpr int n = 100;
  auto data = syclex::aligned_alloc_shared_annotated<float>(64, n, q);
  auto offsets = syclex::malloc_shared_annotated<float>(n, q);
  for (int i = 0; i < n; ++i) {
    data.get()[i] = float(i);
    offsets.get()[i] = float(2 * i);
  }
  q.parallel_for(sycl::range<1>(n), scale_kernel{data.get(), offsets.get(), 3.0f}).wait();
  for (int i = 0; i < n; ++i) check::equal("function object arguments", i, data.get()[i], float(i) * 3 + 2 * i - 1.5f);

  point *points = sycl::malloc_shared<point>(4, q);
  int *results = sycl::malloc_shared<int>(6, q);
  syclex::annotated_arg<point *> first(points);
  syclex::annotated_arg count(5, syclex::properties{});
  syclex::annotated_arg<point *, decltype(syclex::properties{syclex::restrict})> restricted(points, syclex::restrict);
  syclex::annotated_arg<point *, decltype(syclex::properties{syclex::restrict})> same(restricted);
  for (int i = 0; i < 4; ++i) points[i] = {i, 10 * i};
  q.single_task([=] {
     first->x = 40;
     restricted[1].y = count * 3;
     results[0] = count + 1;
     results[1] = 2 * count - count % 3;
     results[2] = count > 4 && count != 6;
     results[3] = -count;
     results[4] = same[2].x + same->y;
     point *raw = first;
     results[5] = raw[3].y;
   }).wait();
  const int expected[6] = {6, 8, 1, -5, 2 + 0, 30};
  for (int i = 0; i < 6; ++i) check::equal("annotated_arg operators", i, results[i], expected[i]);
  check::equal("annotated_arg ->", 0, points[0].x, 40);
  check::equal("annotated_arg []", 1, points[1].y, 15);
  sycl::free(points, q);
  sycl::free(results, q);
  syclex::free(data, q);
  syclex::free(offsets, q);
}

// Each allocation function: the kind and alignment of what it returns, and its properties.
void check_allocations(sycl::queue &q) {
  const sycl::context c = q.get_context();
  const sycl::device d = q.get_device();
  auto kind_of = [&](const void *p) { return sycl::get_pointer_type(p, c); };

  auto device_bytes = syclex::malloc_device_annotated(100, d, c);
  auto host_ints = syclex::malloc_host_annotated<int>(10, c, syclex::properties{syclex::alignment<256>});
  auto shared_bytes = syclex::malloc_shared_annotated(100, q, syclex::properties{syclex::alignment<4096>});
  auto device_aligned = syclex::aligned_alloc_device_annotated<double>(512, 3, q);
  auto host_aligned = syclex::aligned_alloc_host_annotated(128, 10, q, syclex::properties{syclex::alignment<1024>});
  auto shared_aligned = syclex::aligned_alloc_shared_annotated<short>(2048, 5, d, c);
  auto chosen = syclex::malloc_annotated<int>(10, q, alloc::shared, syclex::properties{syclex::alignment<512>});
  auto chosen_bytes = syclex::aligned_alloc_annotated(256, 64, d, c, alloc::device);
  auto declared = syclex::malloc_annotated<float>(4, q, syclex::properties{syclex::usm_kind_host});
  static_assert(decltype(device_bytes)::get_property<syclex::usm_kind_key>() == syclex::usm_kind_device);
  static_assert(decltype(host_ints)::get_property<syclex::usm_kind_key>() == syclex::usm_kind_host);
  static_assert(decltype(host_ints)::get_property<syclex::alignment_key>() == syclex::alignment<256>);
  static_assert(decltype(shared_aligned)::get_property<syclex::usm_kind_key>() == syclex::usm_kind<alloc::shared>);
  static_assert(!decltype(device_aligned)::has_property<syclex::alignment_key>());
  static_assert(!decltype(chosen)::has_property<syclex::usm_kind_key>());
  static_assert(decltype(declared)::get_property<syclex::usm_kind_key>() == syclex::usm_kind_host);

  int index = 0;
  auto expect = [&](const char *what, const void *p, alloc kind, std::uintptr_t alignment) {
    check::equal(what, index, p != nullptr, true);
    check::equal(what, index, int(kind_of(p)), int(kind));
    check::equal(what, index, reinterpret_cast<std::uintptr_t>(p) % alignment, 0);
    ++index;
  };
  expect("malloc_device_annotated", device_bytes.get(), alloc::device, 1);
  expect("malloc_host_annotated alignment<256>", host_ints.get(), alloc::host, 256);
  expect("malloc_shared_annotated alignment<4096>", shared_bytes.get(), alloc::shared, 4096);
  expect("aligned_alloc_device_annotated 512", device_aligned.get(), alloc::device, 512);
  expect("aligned_alloc_host_annotated 128 and alignment<1024>", host_aligned.get(), alloc::host, 1024);
  expect("aligned_alloc_shared_annotated 2048", shared_aligned.get(), alloc::shared, 2048);
  expect("malloc_annotated shared alignment<512>", chosen.get(), alloc::shared, 512);
  expect("aligned_alloc_annotated device 256", chosen_bytes.get(), alloc::device, 256);
  expect("malloc_annotated usm_kind_host", declared.get(), alloc::host, alignof(float));
  check::equal("aligned_to", 0, aligned_to(host_ints, 256) && aligned_to(shared_bytes, 4096), true);

  // The aligned allocations work in kernels (the alignment hint on their get() and `*`).
  auto aligned_values = syclex::malloc_shared_annotated<int>(16, q, syclex::properties{syclex::alignment<128>});
  q.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) {
     aligned_values.get()[i] = int(i[0]) * 5;
     if (i[0] == 0) *aligned_values += 1;
   }).wait();
  for (int i = 0; i < 16; ++i) check::equal("aligned kernel", i, aligned_values.get()[i], i * 5 + (i == 0));

  // Null on failure: an alignment that is not a power of two (the least common multiple of the
  // argument's 6 and alignment<8>, 24), an unknown kind, a size that cannot be allocated.
  auto odd = syclex::aligned_alloc_device_annotated<int>(6, 4, q, syclex::properties{syclex::alignment<8>});
  auto unknown = syclex::malloc_annotated(16, q, alloc::unknown);
  auto huge = syclex::malloc_host_annotated<double>(SIZE_MAX / 4, q);
  check::equal("null for alignment 24", 0, bool(odd), false);
  check::equal("null for usm::alloc::unknown", 0, bool(unknown), false);
  check::equal("null for too large", 0, bool(huge), false);

  // A usm_kind property against the usm::alloc argument: errc::invalid.
  bool thrown = false;
  try {
    auto wrong = syclex::malloc_annotated<int>(4, q, alloc::host, syclex::properties{syclex::usm_kind_device});
    syclex::free(wrong, q);
  } catch (const sycl::exception &e) {
    thrown = e.code() == sycl::errc::invalid;
  }
  check::equal("usm_kind against usm::alloc throws", 0, thrown, true);

  for (void *p : {device_bytes.get(), static_cast<void *>(host_ints.get()), shared_bytes.get(),
                  static_cast<void *>(device_aligned.get()), host_aligned.get(),
                  static_cast<void *>(shared_aligned.get()), static_cast<void *>(chosen.get()), chosen_bytes.get()})
    sycl::free(p, q);
  syclex::free(declared, c);
  syclex::free(aligned_values, q);
  check::equal("freed", 0, int(kind_of(declared.get())), int(alloc::unknown));
}

int main() {
  sycl::queue q;
  check_pointer_kernels(q);
  check_references(q);
  check_arguments(q);
  check_allocations(q);
  return check::finish();
}
