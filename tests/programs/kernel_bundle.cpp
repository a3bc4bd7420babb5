// Kernel bundles (SYCL 2020 4.11): get_kernel_id and get_kernel_ids find the program's kernels
// (named range, single_task, hierarchical and reduction kernels) and nothing else; the
// executable bundle of the context holds them all, a bundle made for some ids holds only
// those; kernel objects and their info queries; input bundles and compile/link/build; errors
// for unknown kernels and wrong states; use_kernel_bundle before running a kernel; and the
// handler's launches taking a kernel object; device images, selectors and join.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "check.hpp"

class Fill;
class Bump;
class Groups;
class Sum;
class NeverSubmitted;
class Doubled;
class Shifted;
class Once;
class Offset;
class Counted;

// What the captureless kernel Counted counts, shared by kernels and host code.
int counted_items = 0;

bool contains(const std::vector<sycl::kernel_id> &ids, const sycl::kernel_id &id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

template <typename F> bool throws(sycl::errc code, F f) {
  try {
    f();
  } catch (const sycl::exception &e) {
    return e.code() == code;
  }
  return false;
}

int main() {
  sycl::queue q{sycl::property::queue::in_order()}; // the kernels below use each other's USM results
  const sycl::context context = q.get_context();
  const sycl::device device = q.get_device();
  constexpr size_t N = 64;
  int *data = sycl::malloc_shared<int>(N, q);
  int *total = sycl::malloc_shared<int>(1, q);

  // Ids, before any kernel has run: every kernel is registered when the program starts.
  const sycl::kernel_id fill = sycl::get_kernel_id<Fill>();
  const sycl::kernel_id bump = sycl::get_kernel_id<Bump>();
  const sycl::kernel_id groups = sycl::get_kernel_id<Groups>();
  const sycl::kernel_id sum = sycl::get_kernel_id<Sum>();
  check::equal("distinct ids", 0, fill != bump && bump != groups && groups != sum, true);
  check::equal("the id names the kernel", 0, std::string(fill.get_name()).find("Fill") != std::string::npos, true);
  check::equal("an id equals itself", 0, fill == sycl::get_kernel_id<Fill>(), true);
  check::equal("unknown kernel name", 0,
               throws(sycl::errc::runtime, [] { sycl::get_kernel_id<NeverSubmitted>(); }), true);

  const std::vector<sycl::kernel_id> all = sycl::get_kernel_ids();
  for (const auto &id : {fill, bump, groups, sum}) check::equal("get_kernel_ids has it", 0, contains(all, id), true);
  for (const auto &id : all)
    check::equal("listed ids are kernels", 0, std::string(id.get_name()).find("NeverSubmitted"), std::string::npos);

  // The executable bundle of the context: all kernels.
  auto bundle = sycl::get_kernel_bundle<sycl::bundle_state::executable>(context);
  check::equal("bundle not empty", 0, bundle.empty(), false);
  check::equal("bundle ids", 0, bundle.get_kernel_ids().size(), all.size());
  check::equal("has_kernel(id)", 0, bundle.has_kernel(fill) && bundle.has_kernel(sum, device), true);
  check::equal("has_kernel<Name>", 0, bundle.has_kernel<Groups>() && bundle.has_kernel<Bump>(device), true);
  check::equal("has_kernel unknown", 0, bundle.has_kernel<NeverSubmitted>(), false);
  check::equal("bundle devices", 0, bundle.get_devices().size(), 1);
  check::equal("same bundle twice", 0,
               bundle == sycl::get_kernel_bundle<sycl::bundle_state::executable>(context, {device}), true);
  check::equal("has_kernel_bundle executable", 0, sycl::has_kernel_bundle<sycl::bundle_state::executable>(context),
               true);
  check::equal("is_compatible", 0, sycl::is_compatible<Fill>(device) && sycl::is_compatible(all, device), true);
  check::equal("is_compatible unknown", 0, sycl::is_compatible<NeverSubmitted>(device), false);

  // Device images (one per kernel), selectors, join, the remaining overloads and hashes.
  std::size_t images = 0;
  for (const sycl::device_image<sycl::bundle_state::executable> &image : bundle)
    images += image.has_kernel(fill) + image.has_kernel(bump, device) * 10;
  check::equal("device images: one per kernel", 0, std::distance(bundle.begin(), bundle.end()), long(all.size()));
  check::equal("device images: each kernel in one", 0, images, 11u);
  auto selected = sycl::get_kernel_bundle<sycl::bundle_state::executable>(
      context, [&](const sycl::device_image<sycl::bundle_state::executable> &image) { return image.has_kernel(sum); });
  check::equal("selector: the chosen image", 0, selected.get_kernel_ids().size() == 1 && selected.has_kernel(sum),
               true);
  auto input_fill = sycl::get_kernel_bundle<Fill, sycl::bundle_state::input>(context, {device});
  auto input_bump = sycl::get_kernel_bundle<sycl::bundle_state::input>(context, {device}, {bump});
  auto joined = sycl::join(std::vector{input_fill, input_bump});
  check::equal("join", 0, joined.get_kernel_ids().size() == 2 && joined.has_kernel(fill) && joined.has_kernel(bump),
               true);
  check::equal("has_kernel_bundle overloads", 0,
               sycl::has_kernel_bundle<Fill, sycl::bundle_state::executable>(context) &&
                   sycl::has_kernel_bundle<Fill, sycl::bundle_state::object>(context, {device}) &&
                   sycl::has_kernel_bundle<sycl::bundle_state::input>(context, {device}) &&
                   sycl::has_kernel_bundle<sycl::bundle_state::input>(context, {device}, {fill, sum}),
               true);
  check::equal("no devices", 0, throws(sycl::errc::invalid, [&] {
                 sycl::get_kernel_bundle<sycl::bundle_state::executable>(context, std::vector<sycl::device>{});
               }), true);
  check::equal("hash of equal bundles", 0,
               std::hash<decltype(bundle)>()(bundle) ==
                   std::hash<decltype(bundle)>()(sycl::get_kernel_bundle<sycl::bundle_state::executable>(context)) &&
                   std::hash<sycl::kernel_id>()(fill) == std::hash<sycl::kernel_id>()(sycl::get_kernel_id<Fill>()),
               true);

  // A bundle of some kernels.
  auto some = sycl::get_kernel_bundle<sycl::bundle_state::executable>(context, {fill, groups});
  check::equal("some: has asked", 0, some.has_kernel(fill) && some.has_kernel(groups), true);
  check::equal("some: not others", 0, some.has_kernel(bump) || some.has_kernel<Sum>(), false);
  check::equal("some: two ids", 0, some.get_kernel_ids().size(), 2);
  check::equal("some: get_kernel of another", 0, throws(sycl::errc::invalid, [&] { some.get_kernel(bump); }), true);
  auto one = sycl::get_kernel_bundle<Sum, sycl::bundle_state::executable>(context);
  check::equal("bundle of one name", 0, one.get_kernel_ids().size() == 1 && one.has_kernel(sum), true);

  // Kernel objects.
  const sycl::kernel k = bundle.get_kernel(fill);
  check::equal("kernel name", 0, k.get_info<sycl::info::kernel::function_name>() == fill.get_name(), true);
  check::equal("kernel via name", 0, bundle.get_kernel<Fill>() == k, true);
  check::equal("kernel's bundle", 0, k.get_kernel_bundle().has_kernel(fill), true);
  check::equal("work_group_size", 0,
               k.get_info<sycl::info::kernel_device_specific::work_group_size>(device),
               device.get_info<sycl::info::device::max_work_group_size>());
  const auto sub_group_sizes = device.get_info<sycl::info::device::sub_group_sizes>();
  check::equal("max_sub_group_size is a device size", 0,
               std::count(sub_group_sizes.begin(), sub_group_sizes.end(),
                          k.get_info<sycl::info::kernel_device_specific::max_sub_group_size>(device)),
               1);
  check::equal("global_work_size", 0, throws(sycl::errc::invalid, [&] {
                 k.get_info<sycl::info::kernel_device_specific::global_work_size>(device);
               }),
               true);

  // Input bundles hold the same kernels (specialization constants apply at launch); they become
  // executable through build or compile + link, and a command group takes only executable ones.
  auto input = sycl::get_kernel_bundle<sycl::bundle_state::input>(context);
  check::equal("input bundle kernels", 0, input.get_kernel_ids().size(), all.size());
  check::equal("has_kernel_bundle input", 0, sycl::has_kernel_bundle<sycl::bundle_state::input>(context), true);
  check::equal("input bundle of an id", 0, sycl::get_kernel_bundle<sycl::bundle_state::input>(context, {fill}).has_kernel(fill),
               true);
  check::equal("built bundle", 0, sycl::build(input).get_kernel_ids().size(), all.size());
  check::equal("linked bundle", 0,
               sycl::link({sycl::compile(sycl::get_kernel_bundle<sycl::bundle_state::input>(context, {fill})),
                           sycl::compile(sycl::get_kernel_bundle<sycl::bundle_state::input>(context, {sum}))})
                   .get_kernel_ids()
                   .size(),
               2u);
  check::equal("use_kernel_bundle input", 0, throws(sycl::errc::invalid, [&] {
                 q.submit([&](sycl::handler &h) { h.use_kernel_bundle(input); });
               }),
               true);

  // The kernels, the first one through use_kernel_bundle.
  q.submit([&](sycl::handler &h) {
    h.use_kernel_bundle(bundle);
    h.parallel_for<Fill>(sycl::range<1>(N), [=](sycl::id<1> i) { data[i] = int(i) * 2; });
  });
  q.single_task<Bump>([=] { data[0] += 100; });
  q.submit([&](sycl::handler &h) {
    h.parallel_for_work_group<Groups>(sycl::range<1>(N / 8), sycl::range<1>(8), [=](sycl::group<1> g) {
      g.parallel_for_work_item([&](sycl::h_item<1> it) { data[it.get_global_id(0)] += 1; });
    });
  });
  *total = 0;
  q.submit([&](sycl::handler &h) {
    h.parallel_for<Sum>(sycl::range<1>(N), sycl::reduction(total, sycl::plus<int>()),
                        [=](sycl::id<1> i, auto &s) { s += data[i]; });
  });
  q.wait();
  for (size_t i = 0; i < N; ++i) check::equal("data", long(i), data[i], int(i) * 2 + 1 + (i == 0 ? 100 : 0));
  check::equal("sum", 0, *total, int(N * (N - 1)) + int(N) + 100);

  // A kernel object alone launches only interoperability and built-in kernels, of which this
  // device has none, and free function kernels (free_function_kernels.cpp): errc::invalid for
  // SYCL kernel functions (SYCL 2020 4.9.4.2.3), with or without set_args. With its lambda
  // (DPC++'s older forms), the kernel runs.
  const sycl::kernel bumper = bundle.get_kernel(bump);
  for (auto launch : {+[](sycl::handler &h, const sycl::kernel &k) { h.single_task(k); },
                      +[](sycl::handler &h, const sycl::kernel &k) { h.parallel_for(sycl::range<1>(N), k); },
                      +[](sycl::handler &h, const sycl::kernel &k) { h.parallel_for(sycl::nd_range<1>(N, 8), k); },
                      +[](sycl::handler &h, const sycl::kernel &k) {
                        h.set_args(1, 2.0f);
                        h.single_task(k);
                      }})
    check::equal("kernel object alone", 0,
                 throws(sycl::errc::invalid, [&] { q.submit([&](sycl::handler &h) { launch(h, bumper); }); }), true);
  // A lambda kernel that captures nothing has no arguments: its kernel object launches it, in the
  // form it was written for (DPC++ allows this too).
  q.parallel_for<Counted>(sycl::range<1>(5), [](sycl::id<1>) {
     sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device>(counted_items) += 1;
   }).wait();
  const sycl::kernel counter = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context())
                                   .get_kernel(sycl::get_kernel_id<Counted>());
  q.submit([&](sycl::handler &h) { h.parallel_for(sycl::range<1>(N), counter); }).wait();
  check::equal("captureless lambda kernel launched by its kernel object", 0, counted_items, int(N) + 5);
  check::equal("in another form", 0, throws(sycl::errc::invalid, [&] {
    q.submit([&](sycl::handler &h) { h.parallel_for(sycl::nd_range<1>(N, 8), counter); });
  }), true);
  q.submit([&](sycl::handler &h) {
    h.parallel_for<Doubled>(bundle.get_kernel<Doubled>(), sycl::range<1>(N), [=](sycl::id<1> i) { data[i] = int(i) * 2; });
  });
  q.submit([&](sycl::handler &h) {
    h.parallel_for<Shifted>(bundle.get_kernel<Shifted>(), sycl::nd_range<1>(N, 8),
                            [=](sycl::nd_item<1> it) { data[it.get_global_id(0)] += 3; });
  });
  q.submit([&](sycl::handler &h) {
    h.parallel_for<Offset>(bundle.get_kernel<Offset>(), sycl::range<1>(N / 2), sycl::id<1>(N / 2),
                           [=](sycl::item<1> it) { data[it.get_id(0)] += 1000; });
  });
  q.submit([&](sycl::handler &h) { h.single_task<Once>(bundle.get_kernel<Once>(), [=] { data[0] += 100; }); });
  q.wait();
  for (size_t i = 0; i < N; ++i)
    check::equal("kernel object with its lambda", long(i), data[i],
                 int(i) * 2 + 3 + (i == 0 ? 100 : 0) + (i >= N / 2 ? 1000 : 0));

  sycl::free(data, q);
  sycl::free(total, q);
  return check::finish();
}
