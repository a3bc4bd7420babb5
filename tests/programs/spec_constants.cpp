// Specialization constants (SYCL 2020 4.9.5): defaults when nothing is set, set values
// otherwise, for scalars, a bool, a small and a large struct, in range, nd_range, single_task
// and hierarchical kernels, through kernel bundles, of a type without a default constructor,
// and from a second translation unit whose kernels use a subset of the constants; half
// defaults keep their binary16 bits.
#include "spec_constants.hpp"
#include "check.hpp"

struct Result {
  int count;
  double scale;
  int flag;
  Small small;
  Big big;
};

static void check_result(const char *what, const Result &got, int count, double scale, bool flag, Small small,
                         Big big) {
  check::equal(what, 0, got.count, count);
  check::equal(what, 1, got.scale, scale);
  check::equal(what, 2, got.flag, flag ? 1 : 0);
  check::equal(what, 3, got.small.count, small.count);
  check::equal(what, 4, got.small.low, small.low);
  check::equal(what, 5, got.small.high, small.high);
  for (int i = 0; i < 4; ++i) check::equal(what, 6 + i, got.big.weights[i], big.weights[i]);
  check::equal(what, 10, got.big.tag, big.tag);
}

// A constant whose type has no default constructor (the SYCL-CTS spec_constants category).
struct NoDefault {
  constexpr NoDefault(int v, float w) : value(v), weight(w) {}
  int value;
  float weight;
};
inline constexpr sycl::specialization_id<NoDefault> no_default_id(4, 0.5f);

// Half-precision defaults are stored as binary16 (the SYCL-CTS's fp16 constants): 1/3 and
// the smallest subnormal, whose bits a detour through float or double would round.
inline constexpr sycl::specialization_id<sycl::half> third_id(sycl::half(1.0f / 3.0f));
inline constexpr sycl::specialization_id<sycl::half> tiny_id(sycl::bit_cast<sycl::half>(std::uint16_t{1}));

static Result read_all(const sycl::kernel_handler &kh) {
  Result r;
  r.count = kh.get_specialization_constant<int_id>();
  r.scale = kh.get_specialization_constant<scale_id>();
  r.flag = kh.get_specialization_constant<flag_id>() ? 1 : 0;
  r.small = kh.get_specialization_constant<small_id>();
  r.big = kh.get_specialization_constant<big_id>();
  return r;
}

int main() {
  sycl::queue q;
  const size_t n = 1000;
  Result *results = sycl::malloc_shared<Result>(n, q);
  const Small default_small{3, -1.0f, 1.0f};
  const Big default_big{{0.5, 1.5, 2.5, 3.5}, 9};

  // Nothing set: every work-item reads the defaults.
  q.submit([&](sycl::handler &h) {
     h.parallel_for<class Defaults>(sycl::range<1>(n), [=](sycl::item<1> it, sycl::kernel_handler kh) {
       results[it.get_linear_id()] = read_all(kh);
     });
   }).wait();
  for (size_t i = 0; i < n; ++i) check_result("defaults", results[i], 42, 2.5, true, default_small, default_big);

  // Everything set, in an nd_range kernel; the handler reads back what it set.
  const Small small{7, 0.25f, 8.0f};
  const Big big{{-1.0, -2.0, 1e300, 4.0}, -5};
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<int_id>(-17);
     h.set_specialization_constant<scale_id>(0.125);
     h.set_specialization_constant<flag_id>(false);
     h.set_specialization_constant<small_id>(small);
     h.set_specialization_constant<big_id>(big);
     check::equal("handler get int", 0, h.get_specialization_constant<int_id>(), -17);
     check::equal("handler get flag", 0, h.get_specialization_constant<flag_id>(), false);
     h.parallel_for<class AllSet>(sycl::nd_range<1>(sycl::range<1>(n), sycl::range<1>(8)),
                                  [=](sycl::nd_item<1> it, sycl::kernel_handler kh) {
                                    results[it.get_global_linear_id()] = read_all(kh);
                                  });
   }).wait();
  for (size_t i = 0; i < n; ++i) check_result("set", results[i], -17, 0.125, false, small, big);

  // Some set, in a single_task: the others keep their defaults; get returns the default too.
  q.submit([&](sycl::handler &h) {
     check::equal("handler get default", 0, h.get_specialization_constant<scale_id>(), 2.5);
     h.set_specialization_constant<int_id>(5);
     h.set_specialization_constant<int_id>(6); // the last value counts
     h.single_task<class SomeSet>([=](sycl::kernel_handler kh) { results[0] = read_all(kh); });
   }).wait();
  check_result("some set", results[0], 6, 2.5, true, default_small, default_big);

  // A hierarchical kernel: the work-group function takes the kernel_handler after its group.
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<int_id>(11);
     h.parallel_for_work_group<class Hierarchical>(sycl::range<1>(4), sycl::range<1>(8),
                                                   [=](sycl::group<1> g, sycl::kernel_handler kh) {
                                                     results[g.get_group_id(0)] = read_all(kh);
                                                   });
   }).wait();
  for (size_t i = 0; i < 4; ++i) check_result("hierarchical", results[i], 11, 2.5, true, default_small, default_big);

  // Through a kernel bundle (4.11.12): set on an input bundle, carried by build and by
  // compile + link, given to a command group by use_kernel_bundle.
  auto input = sycl::get_kernel_bundle<sycl::bundle_state::input>(q.get_context());
  input.set_specialization_constant<int_id>(23);
  auto built = sycl::build(input);
  auto linked = sycl::link(sycl::compile(input));
  check::equal("bundle constant built", 0, built.get_specialization_constant<int_id>(), 23);
  check::equal("bundle constant linked", 0, linked.get_specialization_constant<int_id>(), 23);
  check::equal("bundle constant default", 0, linked.get_specialization_constant<scale_id>(), 2.5);
  int refused = 0;
  q.submit([&](sycl::handler &h) {
     h.use_kernel_bundle(built);
     try {
       h.set_specialization_constant<int_id>(1);
     } catch (const sycl::exception &e) {
       refused += e.code() == sycl::errc::invalid;
     }
     try {
       (void)h.get_specialization_constant<int_id>();
     } catch (const sycl::exception &e) {
       refused += e.code() == sycl::errc::invalid;
     }
     h.single_task<class FromBundle>([=](sycl::kernel_handler kh) { results[0] = read_all(kh); });
   }).wait();
  check_result("from a bundle", results[0], 23, 2.5, true, default_small, default_big);
  check::equal("set and get after use_kernel_bundle", 0, refused, 2);

  // The other translation unit's kernel reads scale_id at the offset its image describes.
  double *scaled = sycl::malloc_shared<double>(n, q);
  scale_in_other_unit(q, scaled, n, false, 0.0);
  for (size_t i = 0; i < n; ++i) check::equal("other unit default", i, scaled[i], 2.5 * double(i));
  scale_in_other_unit(q, scaled, n, true, -3.0);
  for (size_t i = 0; i < n; ++i) check::equal("other unit set", i, scaled[i], -3.0 * double(i));

  // The type without a default constructor: set, read back by the handler and in the kernel.
  float *weighted = sycl::malloc_shared<float>(2, q);
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<no_default_id>(NoDefault(9, 0.25f));
     weighted[1] = float(h.get_specialization_constant<no_default_id>().value);
     h.single_task<class NoDefaultConstant>([=](sycl::kernel_handler kh) {
       const NoDefault constant = kh.get_specialization_constant<no_default_id>();
       weighted[0] = float(constant.value) * constant.weight;
     });
   }).wait();
  check::equal("no default constructor: kernel", 0, weighted[0], 2.25f);
  check::equal("no default constructor: handler", 0, weighted[1], 9.0f);

  std::uint16_t *half_bits = sycl::malloc_shared<std::uint16_t>(2, q);
  q.submit([&](sycl::handler &h) {
     h.single_task<class HalfDefaults>([=](sycl::kernel_handler kh) {
       half_bits[0] = sycl::bit_cast<std::uint16_t>(kh.get_specialization_constant<third_id>());
       half_bits[1] = sycl::bit_cast<std::uint16_t>(kh.get_specialization_constant<tiny_id>());
     });
   }).wait();
  check::equal("half default 1/3", 0, half_bits[0], 0x3555);
  check::equal("half default, smallest subnormal", 0, half_bits[1], 1);
  sycl::free(half_bits, q);

  sycl::free(weighted, q);
  sycl::free(scaled, q);
  sycl::free(results, q);
  return check::finish();
}
