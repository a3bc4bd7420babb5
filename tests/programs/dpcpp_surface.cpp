// Interfaces programs written for DPC++ use: the device and platform information descriptors
// (usm_*_allocations, extensions, aspects and DPC++'s extension aspects, memory and cache sizes,
// vector widths, fp configs),
// accessor::get_multi_ptr, multi_ptr<void>, legacy multi_ptrs assigned and made from raw pointers,
// ext::intel::device_ptr/host_ptr and the conversions between multi_ptrs, the
// ext::oneapi function objects in reductions, sycl::span in kernels, the headers
// <sycl/ext/oneapi/functional.hpp>, <sycl/properties/all_properties.hpp>, <sycl/types.hpp> and
// <sycl/sycl_span.hpp>, and queue shortcuts taking an event or a braced event list (with a count
// as the range); null pointers rejected by memcpy, memset and fill; an ext_oneapi_submit_barrier
// holding back later commands of its queue; free(pointer, queue)
// waiting for the queue; the common interfaces:
// ==, != and std::hash of the runtime classes, context constructors, queue and platform info,
// and id/range compared with scalars; placeholder
// accessors bound with handler::require and ordered like other accessors, also with DPC++'s
// accessor_property_list<> parameter; auto_range with a
// work_group_size property; nan of unsigned long long nancodes; the 2-D memory commands of
// sycl_ext_oneapi_memcpy2d; sycl_ext_oneapi_prefetch's hints in every form (results unchanged);
// sycl_ext_oneapi_clock's three scopes; sycl_ext_oneapi_ternary_bitwise on integers, vecs and
// marrays against the functions its tables name; USM allocated with Intel's buffer_location.
#include <sycl/sycl.hpp>
#include <sycl/ext/oneapi/experimental/ternary_bitwise.hpp>
#include <sycl/ext/intel/experimental/usm_properties.hpp>
#include <sycl/ext/oneapi/memcpy2d.hpp>
#include <sycl/ext/oneapi/experimental/prefetch.hpp>
#include <sycl/ext/oneapi/experimental/clock.hpp>
#include <sycl/ext/oneapi/experimental/auto_local_range.hpp>
#include <sycl/ext/oneapi/experimental/reduction_properties.hpp>
#include <sycl/ext/oneapi/functional.hpp>
#include <sycl/properties/all_properties.hpp>
#include <sycl/sycl_span.hpp>
#include <sycl/types.hpp>

#include <algorithm>
#include <functional>
#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "check.hpp"

// Kernels need no name, and the headers say so as DPC++'s do (oneDPL reads it).
#if !__SYCL_UNNAMED_LAMBDA__
#error "__SYCL_UNNAMED_LAMBDA__ is not set"
#endif

namespace {

template <typename T> bool contains(const std::vector<T> &list, const T &value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

void device_information(const sycl::device &d) {
  using namespace sycl::info::device;
  check::equal("usm_device_allocations", 0, d.get_info<usm_device_allocations>(), true);
  check::equal("usm_host_allocations", 0, d.get_info<usm_host_allocations>(), true);
  check::equal("usm_shared_allocations", 0, d.get_info<usm_shared_allocations>(), true);
  check::equal("usm_restricted_shared_allocations", 0, d.get_info<usm_restricted_shared_allocations>(), false);
  check::equal("usm_system_allocations", 0, d.get_info<usm_system_allocations>(), true);
  auto extensions = d.get_info<sycl::info::device::extensions>();
  check::equal("extensions", 0, contains(extensions, std::string("cl_khr_fp64")), true);
  check::equal("has_extension", 0, d.has_extension("cl_khr_fp64") && !d.has_extension("cl_made_up"), true);
  auto aspects = d.get_info<sycl::info::device::aspects>();
  check::equal("aspects agree with has", 0, contains(aspects, sycl::aspect::cpu) && !contains(aspects, sycl::aspect::gpu), true);
  for (auto a : aspects) check::equal("has(aspect)", int(a), d.has(a), true);
  // DPC++'s extension aspects exist for programs to ask; this device implements none of these
  // (command graphs, ext_oneapi_graph, command_graph_update.cpp checks).
  for (auto a : {sycl::aspect::ext_oneapi_bindless_images, sycl::aspect::ext_oneapi_native_assert,
                 sycl::aspect::ext_oneapi_virtual_functions, sycl::aspect::ext_intel_esimd})
    check::equal("unimplemented extension aspect", int(a), d.has(a) || contains(aspects, a), false);
  check::equal("is_available", 0, d.get_info<is_available>(), true);
  check::equal("sub_group_independent_forward_progress", 0, d.get_info<sub_group_independent_forward_progress>(), false);
  // Queues take property::queue::enable_profiling (async_events.cpp), so the device says so.
  check::equal("queue_profiling", 0, d.has(sycl::aspect::queue_profiling) && d.get_info<queue_profiling>(), true);
  check::equal("global_mem_size", 0, d.get_info<global_mem_size>() > (std::uint64_t(1) << 20), true);
  check::equal("max_mem_alloc_size", 0, d.get_info<max_mem_alloc_size>() <= d.get_info<global_mem_size>(), true);
  check::equal("global_mem_cacheline_size", 0, d.get_info<global_mem_cacheline_size>() >= 16, true);
  check::equal("address_bits", 0, d.get_info<address_bits>(), 8 * sizeof(void *));
  check::equal("vector widths", 0,
               d.get_info<preferred_vector_width_char>() == 4 * d.get_info<preferred_vector_width_float>() &&
                   d.get_info<native_vector_width_double>() * 2 == d.get_info<native_vector_width_int>() &&
                   d.get_info<native_vector_width_half>() > 0,
               true);
  check::equal("single_fp_config", 0,
               contains(d.get_info<single_fp_config>(), sycl::info::fp_config::round_to_nearest), true);
  // sycl::compile, link and build work here (kernel_bundle.hpp): the deprecated queries and the
  // aspects say so alike.
  check::equal("compiler", 0,
               d.get_info<is_compiler_available>() && d.get_info<is_linker_available>() &&
                   d.has(sycl::aspect::online_compiler) && d.has(sycl::aspect::online_linker),
               true);
  (void)d.get_info<max_clock_frequency>();
  auto p = d.get_platform();
  check::equal("platform profile", 0, p.get_info<sycl::info::platform::profile>() == "FULL_PROFILE", true);
  check::equal("platform extensions", 0, p.get_info<sycl::info::platform::extensions>() == extensions, true);
  check::equal("backend", 0, d.get_backend() != sycl::backend::opencl, true);
}

void pointers(sycl::queue &q) {
  std::vector<int> host(8, 0);
  {
    sycl::buffer<int> b(host.data(), sycl::range<1>(8));
    q.submit([&](sycl::handler &h) {
      sycl::accessor a{b, h, sycl::range<1>(4), sycl::id<1>(4), sycl::read_write};
      h.single_task([=] {
        auto start = a.get_multi_ptr<sycl::access::decorated::no>();
        sycl::multi_ptr<void, sycl::access::address_space::global_space, sycl::access::decorated::no> untyped = start;
        auto typed = static_cast<sycl::multi_ptr<int, sycl::access::address_space::global_space,
                                                 sycl::access::decorated::no>>(untyped);
        typed[0] = 10;      // the buffer's first element, not the accessor's
        a[0] = 20;          // the accessor's first element is the buffer's fifth
        start.get()[7] = 30;
      });
    });
  }
  check::equal("get_multi_ptr", 0, host[0], 10);
  check::equal("ranged accessor", 4, host[4], 20);
  check::equal("multi_ptr arithmetic", 7, host[7], 30);
  sycl::global_ptr<int> legacy;
  sycl::multi_ptr<const void, sycl::access::address_space::global_space> legacy_void;
  legacy = host.data() + 1;
  legacy_void = host.data() + 2;
  check::equal("legacy multi_ptr = raw pointer", 1, legacy.get() == host.data() + 1, true);
  check::equal("legacy multi_ptr<const void> = raw pointer", 2, legacy_void.get() == host.data() + 2, true);
  // The legacy form is made from a raw pointer implicitly (oneDPL's `global_ptr<T> p = raw;`), the
  // SYCL 2020 decorated forms only explicitly.
  sycl::global_ptr<int> converted = host.data() + 3;
  check::equal("legacy multi_ptr from a raw pointer", 3, converted.get() == host.data() + 3, true);
  static_assert(std::is_convertible_v<int *, sycl::global_ptr<int>> &&
                !std::is_convertible_v<int *, sycl::decorated_global_ptr<int>> &&
                std::is_constructible_v<sycl::decorated_global_ptr<int>, int *>);
  // DPC++'s device and host pointers, and the implicit conversions between multi_ptrs.
  int *usm = sycl::malloc_device<int>(4, q);
  q.single_task([=] {
     sycl::ext::intel::device_ptr<int> device(usm);
     sycl::global_ptr<int> global = device;
     sycl::multi_ptr<const int, sycl::access::address_space::generic_space, sycl::access::decorated::no> generic =
         global;
     sycl::ext::intel::raw_host_ptr<int> as_host(usm + 1);
     sycl::decorated_global_ptr<int> decorated = sycl::global_ptr<int>(as_host);
     global[0] = 41;
     decorated[0] = generic[0] + 1;
   }).wait();
  int copied[2] = {};
  q.memcpy(copied, usm, sizeof copied).wait();
  check::equal("device_ptr to global_ptr", 0, copied[0], 41);
  check::equal("host_ptr and generic multi_ptr", 1, copied[1], 42);
  static_assert(!std::is_convertible_v<sycl::global_ptr<int>, sycl::local_ptr<int>> &&
                !std::is_convertible_v<sycl::global_ptr<const int>, sycl::global_ptr<int>>);
  sycl::free(usm, q);
}

void reductions_and_spans(sycl::queue &q) {
  const size_t n = 100;
  int *data = sycl::malloc_shared<int>(n, q);
  int *sum = sycl::malloc_shared<int>(1, q);
  int *largest = sycl::malloc_shared<int>(1, q);
  for (size_t i = 0; i < n; ++i) data[i] = int(i) - 40;
  *sum = 0;
  *largest = -1000;
  sycl::span<const int> view(data, n);
  q.parallel_for(sycl::range<1>(n), sycl::reduction(sum, sycl::ext::oneapi::plus<int>()),
                 sycl::reduction(largest, sycl::ext::oneapi::maximum<int>()),
                 [=](sycl::id<1> i, auto &s, auto &m) {
                   s += view[i];
                   m.combine(view.subspan(10).first(50)[i % 50]);
                 })
      .wait();
  check::equal("ext::oneapi::plus", 0, *sum, 100 * 99 / 2 - 40 * 100);
  check::equal("ext::oneapi::maximum over a subspan", 0, *largest, 59 - 40);
  check::equal("span", 0, view.size_bytes() == n * sizeof(int) && view.last(1)[0] == 59 && !view.empty(), true);
  sycl::free(data, q);
  sycl::free(sum, q);
  sycl::free(largest, q);
}

void shortcuts_with_events(sycl::queue &q) {
  const size_t n = 64;
  float *a = sycl::malloc_shared<float>(n, q);
  float *b = sycl::malloc_shared<float>(n, q);
  auto filled = q.fill(a, 2.5f, n);
  auto prefetched = q.prefetch(a, n * sizeof(float), filled);
  auto advised = q.mem_advise(a, n * sizeof(float), 0, prefetched);
  auto copied = q.memcpy(b, a, n * sizeof(float), advised);
  auto doubled = q.parallel_for(sycl::range<1>(n), copied, [=](sycl::id<1> i) { b[i] *= 2; });
  q.parallel_for(n, {doubled, copied}, [=](sycl::id<1> i) { b[i] += 1; }).wait();
  for (size_t i = 0; i < n; ++i) check::equal("shortcuts with events", long(i), b[i], 6.0f);
  sycl::float4 v{1, 2, 3, 4};
  check::equal("types.hpp", 0, v.w(), 4.0f);
  sycl::free(a, q);
  sycl::free(b, q);
}

bool throws_invalid(const std::function<void()> &f) {
  try {
    f();
  } catch (const sycl::exception &e) {
    return e.code() == sycl::errc::invalid;
  }
  return false;
}

void null_pointers_and_barriers(sycl::queue &q) {
  int value = 0;
  check::equal("memcpy from null", 0, throws_invalid([&] { q.memcpy(&value, nullptr, sizeof value); }), true);
  check::equal("memset of null", 0, throws_invalid([&] { q.memset(nullptr, 0, 4); }), true);
  check::equal("fill of null", 0, throws_invalid([&] { q.fill(static_cast<int *>(nullptr), 1, 4); }), true);
  q.memcpy(&value, nullptr, 0).wait();
  // The barrier waits for `slow`; the command after it must see what `slow` wrote even though it
  // names no event. The pause only gives a wrong order time to show.
  std::atomic<int> written{0};
  auto slow = q.submit([&](sycl::handler &h) {
    h.host_task([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(30));
      written = 1;
    });
  });
  q.ext_oneapi_submit_barrier({slow});
  int seen = -1;
  q.submit([&](sycl::handler &h) { h.host_task([&] { seen = written.load(); }); }).wait();
  check::equal("command after a barrier", 0, seen, 1);
  q.wait();
  // free(pointer, queue) waits for the queue's commands, which may still use the memory.
  sycl::queue in_order{sycl::property::queue::in_order()};
  int *data = sycl::malloc_shared<int>(64, in_order);
  in_order.submit([&](sycl::handler &h) { h.host_task([] { std::this_thread::sleep_for(std::chrono::milliseconds(30)); }); });
  auto last = in_order.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) { data[i] = 1; });
  sycl::free(data, in_order);
  check::equal("free waits for the queue", 0,
               last.get_info<sycl::info::event::command_execution_status>() == sycl::info::event_command_status::complete,
               true);
  // ... but not from one of the queue's own commands, which would wait for itself.
  int *scratch = sycl::malloc_shared<int>(4, in_order);
  in_order.submit([&](sycl::handler &h) { h.host_task([=, &in_order] { sycl::free(scratch, in_order); }); }).wait();
}

// The namespace of DPC++'s experimental Intel extensions exists (none of them is implemented).
using namespace sycl::ext::intel::experimental;

// A queue made from a selector held as DPC++'s sycl::detail::DSelectorInvocableType, as
// DPC++'s own test helpers do.
static sycl::queue queue_from(const sycl::detail::DSelectorInvocableType &selector) { return sycl::queue(selector); }

void common_interfaces(sycl::queue &q) {
  sycl::queue copy = q, other;
  check::equal("queue ==", 0, copy == q && other != q, true);
  check::equal("queue from a DSelectorInvocableType", 0, queue_from(sycl::cpu_selector_v).get_device().is_cpu(), true);
  check::equal("queue hash", 0, std::hash<sycl::queue>()(copy) == std::hash<sycl::queue>()(q), true);
  sycl::buffer<int> b{sycl::range<1>(4)};
  sycl::buffer<int> b_copy = b;
  check::equal("buffer hash", 0, std::hash<sycl::buffer<int>>()(b) == std::hash<sycl::buffer<int>>()(b_copy), true);
  {
    sycl::host_accessor write{b_copy, sycl::write_only};
    write[2] = 42;
  }
  sycl::host_accessor read{b, sycl::read_only};
  check::equal("a copied buffer shares its data", 0, read[2] == 42 && b == b_copy, true);
  sycl::event e = q.single_task([] {});
  sycl::event e_copy = e;
  check::equal("event hash", 0, std::hash<sycl::event>()(e) == std::hash<sycl::event>()(e_copy), true);
  check::equal("device hash", 0,
               std::hash<sycl::device>()(q.get_device()) == std::hash<sycl::device>()(sycl::device(sycl::default_selector_v)),
               true);
  (void)std::hash<sycl::context>()(q.get_context());
  (void)std::hash<sycl::platform>()(q.get_device().get_platform());
  sycl::device d = q.get_device();
  sycl::context from_device(d), from_platform(d.get_info<sycl::info::device::platform>()),
      from_devices(std::vector<sycl::device>{d}), with_handler(d, [](sycl::exception_list) {});
  sycl::queue on_context(from_platform, d);
  check::equal("context constructors and queue info", 0,
               on_context.get_info<sycl::info::queue::context>() == from_platform &&
                   on_context.get_info<sycl::info::queue::device>() == d,
               true);
  // Contexts have reference semantics: each constructed one is new, copies are the same one,
  // and queues made without one share the platform's default context.
  sycl::context context_copy = from_devices;
  check::equal("contexts are distinct", 0, from_device != from_platform && from_devices != with_handler, true);
  check::equal("context copies", 0, context_copy == from_devices && std::hash<sycl::context>()(context_copy) == std::hash<sycl::context>()(from_devices), true);
  check::equal("default context", 0,
               q.get_context() == sycl::queue().get_context() &&
                   q.get_context() == d.get_platform().ext_oneapi_get_default_context() && q.get_context() != context_copy,
               true);
  sycl::id<1> i(3);
  check::equal("id == scalar", 0, i == 3 && 3 == i && i != 4 && true == sycl::id<1>(1), true);
  check::equal("range == scalar", 0, sycl::range<2>(5, 5) == 5 && sycl::range<2>(5, 4) != 5, true);
  int n = 12, m = 3;
  sycl::range<1> braced{n / m};
  sycl::id<3> mixed{1, n, 2u};
  check::equal("braced ranges and ids of ints", 0, braced[0] == 4 && mixed[1] == 12 && sycl::range<1>(i)[0] == 3, true);
  e.wait();
}

void placeholder_accessors(sycl::queue &q) {
  std::vector<int> values(16, 1);
  {
    sycl::buffer<int> b(values.data(), sycl::range<1>(16));
    sycl::accessor<int, 1, sycl::access::mode::read_write, sycl::access::target::device,
                   sycl::access::placeholder::true_t>
        placeholder(b);
    sycl::accessor reader(b, sycl::read_only);
    check::equal("is_placeholder", 0, placeholder.is_placeholder() && reader.is_placeholder(), true);
    q.submit([&](sycl::handler &h) {
      h.require(placeholder);
      h.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { placeholder[i] += int(i[0]); });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor bound{b, h};
      check::equal("accessor with a handler", 0, bound.is_placeholder(), false);
      h.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { bound[i] *= 2; });
    });
    {
      sycl::host_accessor result(b, sycl::read_only);
      for (int i = 0; i < 16; ++i) check::equal("placeholder accessor", i, result[i], 2 * (1 + i));
    }
    // DPC++'s sixth parameter, as programs write it; the same accessor type as without it.
    using listed = sycl::accessor<int, 1, sycl::access::mode::read_write, sycl::access::target::device,
                                  sycl::access::placeholder::true_t, sycl::ext::oneapi::accessor_property_list<>>;
    static_assert(std::is_same_v<listed, decltype(placeholder)>);
    listed with_list(b);
    q.fill(with_list, 5);
    q.submit([&](sycl::handler &h) {
      h.require(with_list);
      h.parallel_for(sycl::range<1>(8), [=](sycl::id<1> i) { with_list[i] += 1; });
    });
  }
  for (int i = 0; i < 16; ++i) check::equal("accessor_property_list<>", i, values[i], i < 8 ? 6 : 5);
}

} // namespace

// oneAPI extensions: auto_range (work-groups of the implementation's choice, which divide the
// global range, in one and two dimensions, and with a reduction), the deprecated free leader(g)
// and broadcast(g, x[, id]), the compile-time reduction properties, dot_acc, num_compute_units,
// max_work_groups and the current device.
void oneapi_extensions(sycl::queue &q) {
  namespace syclex = sycl::ext::oneapi::experimental;
  constexpr size_t n = 7 * 11 * 13, rows = 6, columns = 35;
  size_t *seen = sycl::malloc_shared<size_t>(n + rows * columns, q);
  int *sum = sycl::malloc_shared<int>(1, q);
  q.parallel_for(sycl::nd_range<1>(sycl::range<1>(n), syclex::auto_range<1>()), [=](sycl::nd_item<1> it) {
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
     const bool leads = sycl::ext::oneapi::leader(it.get_group());
#pragma clang diagnostic pop
     seen[it.get_global_id(0)] = leads ? it.get_local_range(0) : 0;
   }).wait();
  q.parallel_for(sycl::nd_range<1>(64, 16), [=](sycl::nd_item<1> it) {
     const size_t id = it.get_global_id(0);
     const sycl::sub_group sub_group = it.get_sub_group();
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
     const size_t from_sub_group = sycl::ext::oneapi::broadcast(sub_group, id, 0);
     const size_t from_group = sycl::ext::oneapi::broadcast(it.get_group(), id);
#pragma clang diagnostic pop
     const bool right = from_sub_group == id - sub_group.get_local_linear_id() && from_group == id - id % 16;
     seen[n + id] = right ? 1 : 0;
   }).wait();
  check::equal("ext::oneapi::broadcast", 0, std::count(seen + n, seen + n + 64, size_t(1)), 64L);
  q.parallel_for(sycl::nd_range<2>({rows, columns}, syclex::auto_range<2>()), [=](sycl::nd_item<2> it) {
     seen[n + it.get_global_linear_id()] = it.get_local_linear_id() == 0 ? it.get_local_range().size() : 0;
   }).wait();
  size_t first = 0, second = 0;
  for (size_t i = 0; i < n; ++i) first += seen[i];
  for (size_t i = 0; i < rows * columns; ++i) second += seen[n + i];
  check::equal("auto_range groups cover the range", 0, first, n);
  check::equal("auto_range 2-D groups cover the range", 0, second, rows * columns);
  *sum = 1000;
  q.parallel_for(sycl::nd_range<1>(sycl::range<1>(n), syclex::auto_range<1>()),
                 sycl::reduction(sum, sycl::plus<int>(), syclex::properties{syclex::initialize_to_identity, syclex::deterministic}),
                 [=](sycl::nd_item<1>, auto &s) { s += 1; })
      .wait();
  check::equal("initialize_to_identity property", 0, *sum, int(n));
  q.parallel_for(sycl::nd_range<2>({rows, columns}, syclex::auto_range<2>()), syclex::properties{syclex::work_group_size<3, 7>},
                 [=](sycl::nd_item<2> it) { seen[it.get_global_linear_id()] = it.get_local_range(0) * 100 + it.get_local_range(1); })
      .wait();
  check::equal("auto_range takes the work_group_size property", 0, std::count(seen, seen + rows * columns, 307),
               long(rows * columns));
  sycl::free(seen, q);
  sycl::free(sum, q);

  // dot_acc: signed and unsigned bytes, packed and in vecs; the sum wraps around.
  int *dots = sycl::malloc_shared<int>(4, q);
  q.single_task([=] {
     using sycl::ext::oneapi::dot_acc;
     dots[0] = dot_acc(sycl::vec<int8_t, 4>(-1, 2, -3, 4), sycl::vec<uint8_t, 4>(255, 2, 3, 4), 10);
     dots[1] = dot_acc(int32_t(0x04fd02ff), uint32_t(0x040302ff), 10);
     dots[2] = dot_acc(uint32_t(0xffffffff), uint32_t(0xffffffff), 0);
     dots[3] = dot_acc(int32_t(0x01010101), int32_t(0x01010101), 0x7fffffff);
   }).wait();
  check::equal("dot_acc of vecs", 0, dots[0], -234);
  check::equal("dot_acc packed", 0, dots[1], -234);
  check::equal("dot_acc unsigned", 0, dots[2], 4 * 255 * 255);
  check::equal("dot_acc wraps around", 0, dots[3], int(0x80000003u));
  sycl::free(dots, q);

  static_assert(SYCL_EXT_ONEAPI_NUM_COMPUTE_UNITS == 1 && SYCL_EXT_ONEAPI_QUEUE_EMPTY == 1);
  check::equal("num_compute_units", 0,
               q.get_device().get_info<sycl::ext::oneapi::info::device::num_compute_units>(),
               std::size_t(q.get_device().get_info<sycl::info::device::max_compute_units>()));
  // sycl_ext_oneapi_max_work_groups: the limits of the Khronos max_work_group queries.
  check::equal("max_work_groups", 0,
               q.get_device().get_info<syclex::info::device::max_work_groups<2>>() ==
                       sycl::id<2>(q.get_device().get_info<sycl::khr::info::device::max_work_group_range<2>>()) &&
                   q.get_device().get_info<syclex::info::device::max_global_work_groups>() ==
                       q.get_device().get_info<sycl::khr::info::device::max_work_group_range_size>(),
               true);

  static_assert(SYCL_EXT_ONEAPI_CURRENT_DEVICE == 1);
  sycl::device current = syclex::this_thread::get_current_device();
  syclex::this_thread::set_current_device(q.get_device());
  check::equal("current device", 0,
               current == sycl::device(sycl::default_selector_v) &&
                   syclex::this_thread::get_current_device() == q.get_device(),
               true);
}

// sycl::nan of an unsigned long long nancode (a type of its own beside std::uint64_t on LP64) is
// double, scalar and vec, in a kernel as on the host.
void nan_of_unsigned_long_long(sycl::queue &q) {
  static_assert(std::is_same_v<decltype(sycl::nan(1ull)), double> &&
                std::is_same_v<decltype(sycl::nan(sycl::vec<unsigned long long, 2>())), sycl::double2>);
  std::uint64_t *bits = sycl::malloc_shared<std::uint64_t>(3, q);
  q.single_task([=] {
     bits[0] = sycl::bit_cast<std::uint64_t>(sycl::nan(5ull));
     const sycl::double2 v = sycl::nan(sycl::vec<unsigned long long, 2>(6, 7));
     bits[1] = sycl::bit_cast<std::uint64_t>(double(v[0]));
     bits[2] = sycl::bit_cast<std::uint64_t>(double(v[1]));
   }).wait();
  check::equal("nan(unsigned long long)", 0, bits[0], std::uint64_t(0x7ff8000000000005ull));
  check::equal("nan(vec<unsigned long long, 2>)", 1, bits[2], std::uint64_t(0x7ff8000000000007ull));
  check::equal("host nan(unsigned long long)", 0, sycl::bit_cast<std::uint64_t>(sycl::nan(5ull)), bits[0]);
  sycl::free(bits, q);
}

// sycl_ext_oneapi_memcpy2d: regions of rows `pitch` apart, in bytes (memcpy2d, memset2d) or
// elements (copy2d, fill2d), from a handler and from a queue after an event; a width past a
// pitch throws errc::invalid.
void memory_commands_2d(sycl::queue &q) {
  static_assert(SYCL_EXT_ONEAPI_MEMCPY2D == 1);
  constexpr std::size_t source_pitch = 10, destination_pitch = 12, width = 5, height = 4;
  short *source = sycl::malloc_shared<short>(source_pitch * height, q);
  short *destination = sycl::malloc_device<short>(destination_pitch * height, q);
  for (std::size_t i = 0; i < source_pitch * height; ++i) source[i] = short(i);
  sycl::event cleared = q.fill(destination, short(-1), destination_pitch * height);
  sycl::event copied = q.ext_oneapi_copy2d(source + 1, source_pitch, destination + 2, destination_pitch, width,
                                           height, cleared);
  std::vector<short> seen(destination_pitch * height);
  q.memcpy(seen.data(), destination, seen.size() * sizeof(short), copied).wait();
  for (std::size_t row = 0; row < height; ++row)
    for (std::size_t column = 0; column < destination_pitch; ++column) {
      const bool inside = column >= 2 && column < 2 + width;
      check::equal("copy2d", long(row * destination_pitch + column), seen[row * destination_pitch + column],
                   short(inside ? row * source_pitch + column - 1 : -1));
    }
  unsigned char bytes[4][8] = {};
  q.submit([&](sycl::handler &h) { h.ext_oneapi_memset2d(&bytes[0][1], 8, 7, 3, 4); }).wait();
  q.submit([&](sycl::handler &h) { h.ext_oneapi_memcpy2d(&bytes[1][5], 8, &bytes[0][1], 8, 2, 2); }).wait();
  check::equal("memset2d and memcpy2d", 0,
               bytes[3][1] + bytes[3][3] + bytes[3][4] * 10 + bytes[1][5] * 100 + bytes[2][6] * 1000 + bytes[3][5],
               7 + 7 + 0 + 700 + 7000 + 0);
  float grid[3][6] = {};
  q.ext_oneapi_fill2d(&grid[0][0], 6, 2.5f, 4, 3).wait();
  check::equal("fill2d", 0, grid[2][3] + grid[2][4] + grid[0][0], 5.0f);
  int wide = 0;
  try {
    q.ext_oneapi_memcpy2d(destination, 4, source, 8, 6, 2);
  } catch (const sycl::exception &e) {
    wide = e.code() == sycl::errc::invalid;
  }
  check::equal("a width past the pitch", 0, wide, 1);
  sycl::free(source, q);
  sycl::free(destination, q);
}

// Prefetch hints in each of the extension's forms, in a vectorized nd_range kernel: they
// change no result (and are prefetch instructions in the device code).
void prefetch_hints(sycl::queue &q) {
  namespace syclex = sycl::ext::oneapi::experimental;
  static_assert(SYCL_EXT_ONEAPI_PREFETCH == 1);
  constexpr std::size_t n = 1024;
  float *data = sycl::malloc_shared<float>(n, q);
  float *out = sycl::malloc_shared<float>(n, q);
  for (std::size_t i = 0; i < n; ++i) data[i] = float(i);
  {
    sycl::buffer<float> buffer(data, sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      sycl::accessor values(buffer, h, sycl::read_only);
      h.parallel_for(sycl::nd_range<1>(n, 64), [=](sycl::nd_item<1> it) {
        const std::size_t i = it.get_global_id(0);
        syclex::prefetch(&data[(i + 64) % n]);
        syclex::prefetch(&data[(i + 128) % n], syclex::properties{syclex::prefetch_hint_L3});
        syclex::prefetch(static_cast<void *>(data + i), 256, syclex::properties{syclex::prefetch_hint_L1_nt});
        syclex::prefetch(data + i, std::size_t(4),
                         syclex::properties{syclex::prefetch_hint<syclex::cache_level::L2, syclex::nontemporal>});
        syclex::prefetch(sycl::address_space_cast<sycl::access::address_space::global_space,
                                                  sycl::access::decorated::no>(data + i));
        syclex::prefetch(values, sycl::id<1>(i));
        syclex::prefetch(values, i, 8);
        syclex::joint_prefetch(it.get_group(), data + i, std::size_t(16));
        out[i] = values[i] * 2.0f;
      });
    });
  }
  for (std::size_t i = 0; i < n; ++i) check::equal("prefetch hints", long(i), out[i], float(i) * 2.0f);
  sycl::free(data, q);
  sycl::free(out, q);
}

// Each scope's clock in a kernel: later reads are not smaller (one counter, the time-stamp
// counter, for all three); the device has the three aspects; on the host clock() throws.
void clocks(sycl::queue &q) {
  namespace syclex = sycl::ext::oneapi::experimental;
  static_assert(SYCL_EXT_ONEAPI_CLOCK == 1);
  const sycl::device device = q.get_device();
  check::equal("clock aspects", 0,
               device.has(sycl::aspect::ext_oneapi_clock_sub_group) &&
                   device.has(sycl::aspect::ext_oneapi_clock_work_group) &&
                   device.has(sycl::aspect::ext_oneapi_clock_device),
               true);
  constexpr std::size_t n = 64;
  int *ordered = sycl::malloc_shared<int>(n, q);
  q.parallel_for(sycl::nd_range<1>(n, 16), [=](sycl::nd_item<1> it) {
     const std::uint64_t first = syclex::clock<syclex::clock_scope::sub_group>();
     float spin = 1.0f;
     for (int i = 0; i < 1000; ++i) spin = spin * 1.0001f + float(it.get_local_id(0));
     const std::uint64_t second = syclex::clock<syclex::clock_scope::work_group>();
     const std::uint64_t third = syclex::clock<syclex::clock_scope::device>();
     ordered[it.get_global_id(0)] = int(first <= second && second <= third) + int(spin < 0.0f);
   }).wait();
  for (std::size_t i = 0; i < n; ++i) check::equal("clocks increase", long(i), ordered[i], 1);
  int thrown = 0;
  try {
    (void)syclex::clock<syclex::clock_scope::device>();
  } catch (const sycl::exception &e) {
    thrown = e.code() == sycl::errc::runtime;
  }
  check::equal("clock on the host", 0, thrown, 1);
  sycl::free(ordered, q);
}

// Three truth tables (select, parity, majority) and their and/or/xor forms, in a kernel.
void ternary_bitwise(sycl::queue &q) {
  namespace syclex = sycl::ext::oneapi::experimental;
  static_assert(SYCL_EXT_ONEAPI_TERNARY_BITWISE == 1);
  constexpr int n = 64;
  int *scalars = sycl::malloc_shared<int>(3 * n, q);
  sycl::vec<std::uint16_t, 4> *vecs = sycl::malloc_shared<sycl::vec<std::uint16_t, 4>>(n, q);
  sycl::marray<char, 3> *marrays = sycl::malloc_shared<sycl::marray<char, 3>>(n, q);
  q.parallel_for(n, [=](sycl::id<1> id) {
     const int i = int(id[0]);
     const int a = i * 0x9E3779B1, b = i * 0x85EBCA77 + 3, c = ~(i * 0xC2B2AE3D);
     scalars[i] = syclex::ternary_bitwise<0xCA>(a, b, c);
     scalars[n + i] = syclex::ternary_bitwise<0x96>(a, b, c);
     scalars[2 * n + i] = syclex::ternary_bitwise<0xE8>(a, b, c);
     const sycl::vec<std::uint16_t, 4> va(std::uint16_t(a), std::uint16_t(b), 7, 0xFFFF);
     const sycl::vec<std::uint16_t, 4> vb(std::uint16_t(c), 0, std::uint16_t(a), 0x1234);
     vecs[i] = syclex::ternary_bitwise<0x96>(va, vb, sycl::vec<std::uint16_t, 4>(std::uint16_t(i)));
     marrays[i] = syclex::ternary_bitwise<0xCA>(sycl::marray<char, 3>(char(a), char(b), char(c)),
                                                 sycl::marray<char, 3>(char(i)), sycl::marray<char, 3>(char(-i)));
   }).wait();
  for (int i = 0; i < n; ++i) {
    const int a = i * 0x9E3779B1, b = i * 0x85EBCA77 + 3, c = ~(i * 0xC2B2AE3D);
    check::equal("ternary select", i, scalars[i], (a & b) | (~a & c));
    check::equal("ternary parity", i, scalars[n + i], a ^ b ^ c);
    check::equal("ternary majority", i, scalars[2 * n + i], (a & b) | (a & c) | (b & c));
    const std::uint16_t va[4] = {std::uint16_t(a), std::uint16_t(b), 7, 0xFFFF};
    const std::uint16_t vb[4] = {std::uint16_t(c), 0, std::uint16_t(a), 0x1234};
    for (int k = 0; k < 4; ++k)
      check::equal("ternary parity of vecs", i * 4 + k, int(vecs[i][k]), int(std::uint16_t(va[k] ^ vb[k] ^ i)));
    const char ma[3] = {char(a), char(b), char(c)};
    for (int k = 0; k < 3; ++k)
      check::equal("ternary select of marrays", i * 3 + k, int(marrays[i][k]),
                   int(char((ma[k] & char(i)) | (~ma[k] & char(-i)))));
  }
  sycl::free(scalars, q);
  sycl::free(vecs, q);
  sycl::free(marrays, q);
}

// An FPGA memory's property: the one memory of the CPU, reported back as given.
void usm_buffer_location(sycl::queue &q) {
  namespace usm_properties = sycl::ext::intel::experimental::property::usm;
  const sycl::property_list properties{usm_properties::buffer_location(2)};
  int *values = sycl::malloc_shared<int>(4, q, properties);
  values[0] = 20;
  q.single_task([=] { values[1] = values[0] + 1; }).wait();
  check::equal("buffer_location allocation", 0, values[1], 21);
  check::equal("buffer_location", 0, properties.get_property<usm_properties::buffer_location>().get_buffer_location(), 2);
  check::equal("buffer_location pointer type", 0,
               sycl::get_pointer_type(values, q.get_context()) == sycl::usm::alloc::shared, true);
  sycl::free(values, q);
}

int main() {
  sycl::queue q;
  usm_buffer_location(q);
  ternary_bitwise(q);
  memory_commands_2d(q);
  clocks(q);
  prefetch_hints(q);
  device_information(q.get_device());
  pointers(q);
  reductions_and_spans(q);
  shortcuts_with_events(q);
  null_pointers_and_barriers(q);
  common_interfaces(q);
  placeholder_accessors(q);
  oneapi_extensions(q);
  nan_of_unsigned_long_long(q);
  return check::finish();
}
