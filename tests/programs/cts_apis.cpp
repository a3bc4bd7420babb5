// SYCL 2020 interfaces the Khronos SYCL-CTS needed (docs/sycl-cts.md): each block names its
// CTS category and the spec section.
#include <sycl/sycl.hpp>
#include "check.hpp"

// nd_item, group (4.9.1.5, 4.9.1.7, 4.9.1.9): async_work_group_copy in both directions, with
// strides, waited for with wait_for and device_event::wait.
static void work_group_copies(sycl::queue &q) {
  constexpr size_t n = 64, wg = 16;
  int *in = sycl::malloc_shared<int>(n * 2, q), *out = sycl::malloc_shared<int>(n * 2, q);
  for (size_t i = 0; i < n * 2; ++i) {
    in[i] = int(i);
    out[i] = -1;
  }
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> tile(wg, h);
     h.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
       using sycl::access::address_space, sycl::access::decorated;
       auto g = it.get_group();
       const size_t base = g.get_group_id(0) * wg * 2;
       auto local = tile.get_multi_ptr<decorated::yes>();
       auto from = sycl::address_space_cast<address_space::global_space, decorated::yes>(in + base);
       auto to = sycl::address_space_cast<address_space::global_space, decorated::yes>(out + base);
       sycl::device_event e = g.async_work_group_copy(local, from, wg, 2);
       g.wait_for(e);
       tile[it.get_local_id(0)] += 1;
       sycl::group_barrier(g);
       it.async_work_group_copy(to, local, wg, 2).wait();
     });
   }).wait();
  for (size_t i = 0; i < n * 2; ++i) check::equal("async_work_group_copy", long(i), out[i], i % 2 ? -1 : int(i) + 1);
  sycl::free(in, q);
  sycl::free(out, q);
}

// device, platform (4.6.2, 4.6.4): the remaining device descriptors, partitioning (refused here).
static void device_queries() {
  sycl::device d;
  using namespace sycl::info;
  check::equal("partition_properties", 0, d.get_info<device::partition_properties>().size(), 0u);
  check::equal("partition_type_property", 0, int(d.get_info<device::partition_type_property>()),
               int(partition_property::no_partition));
  check::equal("built_in_kernel_ids", 0, d.get_info<device::built_in_kernel_ids>().size(), 0u);
  check::equal("max_samplers", 0, d.get_info<device::max_samplers>(), 0u);
  check::equal("is_endian_little", 0, d.get_info<device::is_endian_little>(), true);
  check::equal("cache line", 0, d.get_info<device::global_mem_cache_line_size>(),
               d.get_info<device::global_mem_cacheline_size>());
  check::equal("long_long width", 0, d.get_info<device::native_vector_width_long_long>(),
               d.get_info<device::native_vector_width_long>());
  check::equal("platform::has", 0, sycl::platform().has(sycl::aspect::cpu) && !sycl::platform().has(sycl::aspect::gpu), true);
  int refused = 0;
  try {
    d.create_sub_devices<partition_property::partition_equally>(1);
  } catch (const sycl::exception &e) {
    refused += e.code() == sycl::errc::feature_not_supported;
  }
  try {
    d.get_info<device::parent_device>();
  } catch (const sycl::exception &e) {
    refused += e.code() == sycl::errc::invalid;
  }
  check::equal("refusals", 0, refused, 2);
}

// accessor, host_accessor (4.7.6.9; the CTS's shared semantics_reference.h): iterators over the
// accessed range, row-major, also for a ranged accessor whose elements are not contiguous.
static void accessor_iterators(sycl::queue &q) {
  sycl::buffer<int, 2> b{sycl::range<2>(4, 5)};
  {
    sycl::host_accessor h(b);
    int next = 0;
    for (auto it = h.begin(); it != h.end(); ++it) *it = next++;
    check::equal("host rbegin", 0, *h.rbegin(), 19);
  }
  int *sum = sycl::malloc_shared<int>(2, q);
  q.submit([&](sycl::handler &h) {
     sycl::accessor a(b, h, sycl::range<2>(2, 3), sycl::id<2>(1, 1));
     h.single_task([=] {
       int s = 0;
       for (auto it = a.cbegin(); it != a.cend(); ++it) s += *it;
       sum[0] = s;
       sum[1] = int(a.end() - a.begin()) * 100 + a.begin()[4];
     });
   }).wait();
  check::equal("ranged accessor sum", 0, sum[0], 6 + 7 + 8 + 11 + 12 + 13);
  check::equal("ranged accessor distance and [4]", 1, sum[1], 600 + 12);
  sycl::free(sum, q);
}

// queue (4.6.5): every constructor with a lambda async handler (no ambiguity with the property
// list), from a context and a selector, submit with a secondary queue, get_property.
static void queue_forms() {
  const sycl::context context;
  auto handler = [](sycl::exception_list) {};
  sycl::queue a(sycl::default_selector_v, handler), b(sycl::device(), handler), c(context, sycl::device(), handler);
  sycl::queue d(context, sycl::cpu_selector_v, {sycl::property::queue::in_order()});
  sycl::queue e(context, sycl::default_selector_v, handler, {sycl::property::queue::in_order()});
  check::equal("in_order from a selector", 0, d.is_in_order() && e.is_in_order() && !a.is_in_order(), true);
  (void)e.get_property<sycl::property::queue::in_order>();
  int refused = 0;
  try {
    (void)a.get_property<sycl::property::queue::in_order>();
  } catch (const sycl::exception &error) {
    refused = error.code() == sycl::errc::invalid;
  }
  check::equal("get_property refused", 0, refused, 1);
  int *value = sycl::malloc_shared<int>(1, a);
  a.submit([&](sycl::handler &h) { h.single_task([=] { *value = 7; }); }, b).wait();
  check::equal("submit with a secondary queue", 0, *value, 7);
  sycl::free(value, a);
  (void)c;
}

// queue (4.6.5.2; the CTS's queue_shortcuts_*): explicit copies, fill and update_host with
// placeholder accessors over (sub-)ranges, events as a braced list, is_device_copyable (3.13.1).
static void queue_shortcuts(sycl::queue &q) {
  static_assert(sycl::is_device_copyable_v<std::pair<int, float>> && !sycl::is_device_copyable_v<std::string>);
  static_assert(SYCL_DEVICE_COPYABLE == 1, "programs may specialize is_device_copyable");
  sycl::buffer<int, 1> a{sycl::range<1>(8)}, b{sycl::range<1>(8)};
  sycl::accessor whole(a, sycl::write_only);
  sycl::event filled = q.fill(whole, 3);
  int host[4] = {10, 11, 12, 13};
  sycl::accessor part(a, sycl::range<1>(4), sycl::id<1>(2), sycl::write_only);
  sycl::event copied = q.copy(host, part);
  sycl::event both = q.copy(sycl::accessor(a), sycl::accessor(b));
  int *sum = sycl::malloc_shared<int>(1, q);
  q.parallel_for(sycl::range<1>(1), {filled, copied, both}, [=](sycl::id<1>) { *sum = 1; }).wait();
  std::shared_ptr<int> out(new int[8], std::default_delete<int[]>());
  q.copy(sycl::accessor(b, sycl::read_only), out).wait();
  q.update_host(sycl::accessor(b)).wait();
  const int expected[8] = {3, 3, 10, 11, 12, 13, 3, 3};
  for (int i = 0; i < 8; ++i) check::equal("accessor shortcuts", i, out.get()[i], expected[i]);
  check::equal("braced events", 0, *sum, 1);
  sycl::free(sum, q);
}

// event (4.6.6): get_wait_list lists the direct dependencies, get_backend.
static void event_wait_lists(sycl::queue &q) {
  sycl::event a = q.single_task([] {}), b = q.single_task([] {});
  sycl::event c = q.submit([&](sycl::handler &h) {
    h.depends_on({a, b});
    h.single_task([] {});
  });
  const std::vector<sycl::event> waits = c.get_wait_list();
  check::equal("wait list size", 0, waits.size(), 2u);
  check::equal("wait list members", 0, std::count(waits.begin(), waits.end(), a) + std::count(waits.begin(), waits.end(), b), 2);
  check::equal("event backend", 0, c.get_backend() == sycl::backend::native_cpu, true);
  c.wait();
}

// The OpenCL backend's scalar types under sycl::opencl (the SYCL-CTS group copy tests use them).
static_assert(std::is_same_v<sycl::opencl::cl_half, sycl::half> && std::is_same_v<sycl::opencl::cl_int, std::int32_t> &&
              std::is_same_v<sycl::opencl::cl_ulong, std::uint64_t> && std::is_same_v<sycl::opencl::cl_bool, bool>);

// exceptions (4.13.2): the constructors with a context, get_context, exception_list's member
// types; property::buffer::context_bound.
static void exceptions_with_context() {
  const sycl::context context;
  const sycl::exception with(context, sycl::errc::invalid, "with"), without(sycl::errc::runtime);
  check::equal("has_context", 0, with.has_context() && with.get_context() == context && !without.has_context(), true);
  int refused = 0;
  try {
    (void)without.get_context();
  } catch (const sycl::exception &e) {
    refused = e.code() == sycl::errc::invalid;
  }
  check::equal("get_context without one", 0, refused, 1);
  static_assert(std::is_same_v<sycl::exception_list::size_type, std::size_t> &&
                std::is_same_v<sycl::exception_list::reference, std::exception_ptr &>);
  sycl::buffer<int, 1> b{sycl::range<1>(1), {sycl::property::buffer::context_bound(context)}};
  check::equal("context_bound", 0, sycl::property::buffer::context_bound(context).get_context() == context, true);
}

// device_selector (4.6.1): aspect_selector in its three forms, any_device_has /
// all_devices_have, and the SYCL 1.2.1 selector classes.
static void selectors() {
  static_assert(sycl::any_device_has_v<sycl::aspect::cpu> && !sycl::all_devices_have_v<sycl::aspect::gpu>);
  const sycl::device a(sycl::aspect_selector(sycl::aspect::cpu)), b(sycl::aspect_selector<sycl::aspect::fp64>());
  int rejected = 0;
  try {
    sycl::device c(sycl::aspect_selector({sycl::aspect::cpu}, {sycl::aspect::fp64}));
  } catch (const sycl::exception &) {
    ++rejected;
  }
  try {
    sycl::device d{sycl::gpu_selector{}};
  } catch (const sycl::exception &) {
    ++rejected;
  }
  check::equal("selectors rejecting the device", 0, rejected, 2);
  const sycl::cpu_selector cpu;
  const sycl::device_selector &base = cpu;
  bool called = false;
  const sycl::platform chosen([&](const sycl::device &) {
    called = true;
    return 1;
  });
  check::equal("platform from a selector calls it", 0, called && chosen == sycl::platform(), true);
  check::equal("legacy selectors", 0, base.select_device().is_cpu() && sycl::queue(sycl::default_selector{}).get_device().is_cpu(), true);
}

// buffer (4.7.2): constructors with an allocator and from shared_ptr<T[]>, properties kept with
// their values, get_access/get_host_access in every form, reinterpret, write-back to an iterator
// and a weak_ptr.
static void buffer_interface(sycl::queue &q) {
  std::shared_ptr<int[]> source(new int[8]);
  for (int i = 0; i < 8; ++i) source[i] = i;
  std::vector<int> out(8, -1);
  {
    sycl::buffer<int, 1, sycl::buffer_allocator<int>> b(source, sycl::range<1>(8), sycl::buffer_allocator<int>{},
                                                         {sycl::property::buffer::use_host_ptr()});
    check::equal("has_property", 0, b.has_property<sycl::property::buffer::use_host_ptr>(), true);
    q.submit([&](sycl::handler &h) {
      auto a = b.get_access(h, sycl::read_write);
      h.single_task([=] { a[0] += 100; });
    });
    check::equal("deprecated host get_access", 0, b.get_access<sycl::access_mode::read>()[0], 100);
    using legacy_host = sycl::accessor<int, 1, sycl::access_mode::read, sycl::target::host_buffer>;
    static_assert(std::is_same_v<decltype(b.get_access<sycl::access_mode::read>()), legacy_host> &&
                  std::is_base_of_v<sycl::host_accessor<int, 1, sycl::access_mode::read>, legacy_host>);
    check::equal("reinterpret as bytes", 0, b.reinterpret<unsigned char>().size(), 32u);
    auto two = b.reinterpret<int, 2>(sycl::range<2>(2, 4));
    check::equal("reinterpret as 2x4", 0, two.get_host_access()[sycl::id<2>(1, 0)], 4);
    b.set_final_data(out.begin());
  }
  check::equal("write-back to an iterator", 0, out[0] * 10 + out[7], 1007);
  std::shared_ptr<int[]> kept(new int[8]);
  {
    sycl::buffer<int> c{sycl::range<1>(8)};
    sycl::host_accessor h(c);
    for (int i = 0; i < 8; ++i) h[i] = i * 2;
    c.set_final_data(std::weak_ptr<int[]>(kept));
  }
  check::equal("write-back to a weak_ptr", 3, kept[3], 6);
  std::mutex m;
  sycl::buffer<int> d{sycl::range<1>(1), {sycl::property::buffer::use_mutex(m)}};
  check::equal("get_property value", 0, d.get_property<sycl::property::buffer::use_mutex>().get_mutex_ptr() == &m, true);
  int refused = 0;
  try {
    (void)d.get_property<sycl::property::buffer::use_host_ptr>();
  } catch (const sycl::exception &e) {
    refused = e.code() == sycl::errc::invalid;
  }
  check::equal("get_property refused", 0, refused, 1);
}

// buffer (4.7.2.1): the deduction guides that take an allocator, which must not read the
// allocator as a property list; vec (4.14.2): vec<half, N> assigned an int, as std::fill does.
static void buffer_deduction_with_allocators() {
  static_assert(!std::is_constructible_v<sycl::property_list, std::allocator<int>>);
  std::vector<int> v{1, 2, 3, 4};
  std::allocator<int> allocator;
  sycl::buffer from_pointer(v.data(), sycl::range<1>(4), allocator);
  const int *constant = v.data();
  sycl::buffer from_const_pointer(constant, sycl::range<1>(4), allocator, {sycl::property::buffer::use_host_ptr()});
  sycl::buffer from_container(v, allocator);
  sycl::buffer from_iterators(v.begin(), v.end(), allocator);
  using with_allocator = sycl::buffer<int, 1, std::allocator<int>>;
  static_assert(std::is_same_v<decltype(from_pointer), with_allocator> &&
                std::is_same_v<decltype(from_const_pointer), with_allocator> &&
                std::is_same_v<decltype(from_container), with_allocator> &&
                std::is_same_v<decltype(from_iterators), with_allocator>);
  check::equal("deduced from iterators", 3, from_iterators.get_host_access()[3], 4);
  check::equal("deduced with properties", 0, from_const_pointer.has_property<sycl::property::buffer::use_host_ptr>(), true);
  sycl::vec<sycl::half, 2> halves(1.5f);
  std::fill(&halves, &halves + 1, 3);
  check::equal("vec<half, 2> = int", 1, float(halves[1]), 3.f);
}

// handler (4.9.4.3): copy between accessors of different dimensions, element by element in
// row-major order.
static void copies_across_dimensions(sycl::queue &q) {
  std::vector<int> flat(16);
  for (int i = 0; i < 16; ++i) flat[i] = i * 5;
  sycl::buffer<int, 1> line(flat.data(), sycl::range<1>(16));
  sycl::buffer<int, 2> square{sycl::range<2>(4, 4)};
  sycl::buffer<int, 3> cube{sycl::range<3>(2, 2, 4)};
  q.submit([&](sycl::handler &h) { h.copy(sycl::accessor(line, h, sycl::read_only), sycl::accessor(square, h, sycl::write_only)); });
  q.submit([&](sycl::handler &h) { h.copy(sycl::accessor(square, h, sycl::read_only), sycl::accessor(cube, h, sycl::write_only)); });
  sycl::host_accessor s(square);
  sycl::host_accessor c(cube);
  for (int i = 0; i < 16; ++i) {
    check::equal("1-d into 4x4", i, s[i / 4][i % 4], i * 5);
    check::equal("4x4 into 2x2x4", i, c[i / 8][i / 4 % 2][i % 4], i * 5);
  }
}

// invoke (4.9.4.2): ranges given as braced lists, to the handler's and the queue's parallel_for.
static void braced_ranges(sycl::queue &q) {
  int *v = sycl::malloc_shared<int>(24, q);
  q.parallel_for({4, 6}, [=](sycl::item<2> it) { v[it.get_linear_id()] = 1; }).wait();
  q.submit([&](sycl::handler &h) { h.parallel_for({2, 3, 4}, [=](sycl::item<3> it) { v[it.get_linear_id()] += 2; }); }).wait();
  q.submit([&](sycl::handler &h) { h.parallel_for({6, 4}, [=](sycl::id<2> i) { v[i[0] * 4 + i[1]] += 4; }); }).wait();
  q.parallel_for({2, 2, 6}, [=](sycl::id<3> i) { v[i[0] * 12 + i[1] * 6 + i[2]] += 8; }).wait();
  for (int i = 0; i < 24; ++i) check::equal("braced ranges", i, v[i], 15);
  sycl::free(v, q);
}

// usm (4.8.3): every allocation function takes a property list. Programs written for DPC++ also
// name the SYCL 1.2.1 exception classes and ext::oneapi::sub_group.
static void allocation_properties_and_legacy_names(sycl::queue &q) {
  const sycl::property_list none;
  void *bytes = sycl::malloc_device(64, q, none);
  int *ints = sycl::malloc_shared<int>(4, q.get_device(), q.get_context(), {});
  void *aligned = sycl::aligned_alloc(64, 128, q, sycl::usm::alloc::host, none);
  void *host = sycl::malloc_host(8, q.get_context(), none);
  check::equal("allocations with properties", 0,
               bytes && ints && host && reinterpret_cast<std::uintptr_t>(aligned) % 64 == 0, true);
  for (void *p : {bytes, static_cast<void *>(ints), aligned, host}) sycl::free(p, q);
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
  static_assert(std::is_base_of_v<sycl::exception, sycl::runtime_error> &&
                std::is_base_of_v<sycl::runtime_error, sycl::nd_range_error> &&
                std::is_base_of_v<sycl::device_error, sycl::feature_not_supported>);
  int caught = 0;
  try {
    throw sycl::invalid_parameter_error("legacy", 1);
  } catch (const sycl::runtime_error &e) {
    caught = std::string(e.what()) == "legacy";
  }
  // What the runtime throws is of the SYCL 1.2.1 class of its errc, so old handlers catch it too.
  int legacy_caught = 0;
  try {
    q.memset(nullptr, 0, 8);
  } catch (const sycl::runtime_error &e) {
    legacy_caught += e.code() == sycl::errc::invalid;
  }
  try {
    q.parallel_for(sycl::nd_range<1>{8, 3}, [=](sycl::nd_item<1>) {});
  } catch (const sycl::nd_range_error &e) {
    legacy_caught += e.code() == sycl::errc::nd_range;
  }
#pragma clang diagnostic pop
  check::equal("legacy exception classes", 0, caught, 1);
  check::equal("runtime errors of legacy classes", 0, legacy_caught, 2);
  static_assert(std::is_same_v<sycl::ext::oneapi::sub_group, sycl::sub_group>);
}

// nd_item, group (4.7.6.11): the SYCL 1.2.1 local accessor (accessor<…, target::local>), and
// local memory for vec<double, 16>, which needs 128-byte alignment.
static void local_memory_forms(sycl::queue &q) {
  using V = sycl::vec<double, 16>;
  V *in = sycl::malloc_shared<V>(4, q), *out = sycl::malloc_shared<V>(4, q);
  for (int i = 0; i < 4; ++i) in[i] = V(double(i));
  int *aligned = sycl::malloc_shared<int>(1, q);
  q.submit([&](sycl::handler &h) {
     sycl::accessor<char, 1, sycl::access_mode::read_write, sycl::target::local> pad(sycl::range<1>(3), h);
     sycl::local_accessor<V, 1> tile(sycl::range<1>(4), h);
     h.parallel_for(sycl::nd_range<1>(4, 4), [=](sycl::nd_item<1> it) {
       using sycl::access::address_space, sycl::access::decorated;
       auto local = tile.get_multi_ptr<decorated::yes>();
       it.wait_for(it.async_work_group_copy(local, sycl::address_space_cast<address_space::global_space, decorated::yes>(in), 4));
       it.wait_for(it.async_work_group_copy(sycl::address_space_cast<address_space::global_space, decorated::yes>(out), local, 4));
       pad[it.get_local_id(0) % 3] = 1;
       if (it.get_local_id(0) == 0) *aligned = reinterpret_cast<std::uintptr_t>(&tile[0]) % alignof(V) == 0;
     });
   }).wait();
  check::equal("vec<double, 16> in local memory", 0, out[3][5] + *aligned, 4.0);
  sycl::free(in, q);
  sycl::free(out, q);
  sycl::free(aligned, q);
}

// stream, kernel (4.7.7.1, 4.14.2): multi_ptr made from a device accessor or a local accessor,
// decorated or not, of const elements too; the deprecated constant_ptr; a vec<T, 1> assigned a
// scalar (the swizzle assignment must not be considered for a scalar).
static void pointers_from_accessors(sycl::queue &q) {
  using sycl::access::address_space, sycl::access::decorated;
  int values[4] = {1, 2, 3, 4};
  sycl::buffer<int, 1> data(values, sycl::range<1>(4));
  sycl::buffer<sycl::vec<int, 1>, 1> single(sycl::range<1>(1));
  q.submit([&](sycl::handler &h) {
     sycl::accessor<int, 1, sycl::access_mode::read_write> global(data, h);
     sycl::accessor<sycl::vec<int, 1>, 1, sycl::access_mode::write> one(single, h);
     sycl::local_accessor<int, 1> local(sycl::range<1>(4), h);
     h.parallel_for(sycl::nd_range<1>(4, 4), [=](sycl::nd_item<1> it) {
       const size_t i = it.get_local_id(0);
       const sycl::multi_ptr<int, address_space::local_space, decorated::yes> local_pointer(local);
       const sycl::multi_ptr<const int, address_space::local_space, decorated::no> local_const(local);
       const sycl::multi_ptr<int, address_space::global_space, decorated::no> global_pointer(global);
       const sycl::multi_ptr<const int, address_space::global_space, decorated::yes> global_const(global);
       local_pointer[i] = global_const[i] * 10;
       sycl::group_barrier(it.get_group());
       global_pointer[i] = local_const[3 - i];
       if (i == 0) one[0] = 7;
     });
   }).wait();
  sycl::host_accessor result(data);
  for (int i = 0; i < 4; ++i) check::equal("multi_ptr from accessors", i, result[i], (4 - i) * 10);
  check::equal("vec<int, 1> = scalar", 0, int(sycl::host_accessor(single)[0][0]), 7);
  static_assert(sycl::constant_ptr<int>::address_space == address_space::constant_space);
  // kernel (its helpers name every access target, the image ones too).
  static_assert(sycl::access::target::image != sycl::access::target::host_image &&
                sycl::access::target::image_array != sycl::access::target::device);
}

// multi_ptr (4.7.7.1, 4.7.7.2): deduction from accessors, multi_ptr<void> from accessors of the
// global, constant and local spaces, make_ptr, prefetch, ordering against nullptr, the legacy
// member names and the generic-space aliases.
static void multi_ptr_interface(sycl::queue &q) {
  using sycl::access::address_space, sycl::access::decorated;
  int values[4] = {1, 2, 3, 4};
  sycl::buffer<int, 1> data(values, sycl::range<1>(4));
  sycl::buffer<int, 1> results(sycl::range<1>(6));
  q.submit([&](sycl::handler &h) {
     sycl::accessor read(data, h, sycl::read_only);
     sycl::accessor<int, 1, sycl::access_mode::read, sycl::target::constant_buffer> constant(data, h);
     sycl::accessor out(results, h, sycl::write_only);
     sycl::local_accessor<int, 1> local(sycl::range<1>(4), h);
     h.parallel_for(sycl::nd_range<1>(1, 1), [=](sycl::nd_item<1>) {
       auto from_read = sycl::multi_ptr(read);
       static_assert(std::is_same_v<decltype(from_read),
                                    sycl::multi_ptr<const int, address_space::global_space, decorated::no>>);
       auto from_local = sycl::multi_ptr(local);
       static_assert(std::is_same_v<decltype(from_local), sycl::raw_local_ptr<int>>);
       from_read.prefetch(4);
       out[0] = from_read[3];
       const sycl::multi_ptr<const void, address_space::global_space> untyped(read);
       out[1] = *static_cast<const int *>(untyped.get());
       const sycl::multi_ptr<const void, address_space::constant_space> constant_untyped(constant);
       out[2] = static_cast<const int *>(constant_untyped.get())[2];
       const sycl::multi_ptr<void, address_space::local_space> local_untyped(local);
       static_cast<int *>(local_untyped.get())[0] = 40;
       out[3] = from_local[0];
       int private_value = 50;
       out[4] = *sycl::make_ptr<int, address_space::private_space, decorated::legacy>(&private_value);
       const sycl::global_ptr<const int> null_pointer;
       out[5] = (null_pointer <= nullptr) + 2 * (nullptr < from_read) + 4 * (from_read >= nullptr) +
                8 * !(from_read < nullptr) + 16 * (nullptr >= null_pointer);
     });
   }).wait();
  sycl::host_accessor result(results);
  const int expected[6] = {4, 1, 3, 40, 50, 31};
  for (int i = 0; i < 6; ++i) check::equal("multi_ptr interface", i, result[i], expected[i]);
  int value = 0;
  const sycl::multi_ptr<void, address_space::global_space> untyped(static_cast<void *>(&value)), null_untyped;
  check::equal("multi_ptr<void> against nullptr", 0,
               (nullptr != untyped) + 2 * (null_untyped == nullptr) + 4 * (nullptr < untyped) +
                   8 * (untyped >= nullptr) + 16 * (null_untyped <= nullptr) + 32 * !(untyped < null_untyped),
               63);
  static_assert(std::is_same_v<sycl::global_ptr<int>::pointer_t, int *> &&
                std::is_same_v<sycl::global_ptr<int>::const_reference_t, const int &> &&
                std::is_same_v<sycl::multi_ptr<void, address_space::local_space>::pointer_t, void *>);
  static_assert(std::is_same_v<sycl::raw_generic_ptr<int>,
                               sycl::multi_ptr<int, address_space::generic_space, decorated::no>> &&
                std::is_same_v<sycl::decorated_generic_ptr<int>,
                               sycl::multi_ptr<int, address_space::generic_space, decorated::yes>> &&
                std::is_same_v<sycl::generic_ptr<int, decorated::no>, sycl::raw_generic_ptr<int>> &&
                std::is_same_v<sycl::generic_ptr<int>,
                               sycl::multi_ptr<int, address_space::generic_space, decorated::legacy>>);
}

// accessor_legacy (SYCL 1.2.1's accessors, deprecated in SYCL 2020 4.7.6): is_placeholder of the
// host_buffer and local targets, get_size of local ones, std::hash of host_buffer and local
// accessors (on the host, where local memory does not exist), host_accessor(buffer, range,
// property_list), and an accessor deduced from a host_accessor.
static void legacy_accessors(sycl::queue &q) {
  sycl::buffer<int, 1> data(sycl::range<1>(8));
  {
    auto host = data.get_access<sycl::access_mode::write, sycl::target::host_buffer>();
    for (int i = 0; i < 8; ++i) host[i] = i;
    const auto copy = host;
    using host_buffer_accessor = decltype(host);
    check::equal("host_buffer accessor: placeholder", 0, host.is_placeholder(), false);
    check::equal("host_buffer accessor: hash of a copy", 0,
                 std::hash<host_buffer_accessor>()(host) == std::hash<host_buffer_accessor>()(copy), true);
  }
  {
    // oneapi_non_uniform_groups: `sycl::accessor a = buffer.get_host_access();` deduces the
    // host_buffer accessor (DPC++'s host_accessor derives from it).
    sycl::accessor from_host_accessor = data.get_host_access();
    static_assert(std::is_same_v<decltype(from_host_accessor),
                                 sycl::accessor<int, 1, sycl::access_mode::read_write, sycl::target::host_buffer>>);
    check::equal("accessor deduced from a host_accessor", 7, from_host_accessor.cbegin()[7], 7);
  }
  const sycl::host_accessor<int, 1, sycl::access_mode::read> part(data, sycl::range<1>(4), sycl::property_list{});
  check::equal("host_accessor(buffer, range, properties): size", 0, part.size(), 4u);
  check::equal("host_accessor(buffer, range, properties): element", 3, part[3], 3);
  sycl::buffer<std::size_t, 1> sizes(sycl::range<1>(2));
  q.submit([&](sycl::handler &h) {
     sycl::accessor<int, 1, sycl::access_mode::read_write, sycl::target::local> scratch(sycl::range<1>(4), h);
     sycl::accessor out(sizes, h, sycl::write_only);
     const std::size_t bytes = scratch.get_size();
     const bool placeholder = scratch.is_placeholder();
     using local_accessor = decltype(scratch);
     const auto copy = scratch;
     check::equal("local accessor: hash of a copy, on the host", 0,
                  std::hash<local_accessor>()(scratch) == std::hash<local_accessor>()(copy), true);
     h.parallel_for(sycl::nd_range<1>(1, 1), [=](sycl::nd_item<1>) {
       scratch[0] = 1;
       out[0] = bytes;
       out[1] = placeholder;
     });
   }).wait();
  sycl::host_accessor result(sizes);
  check::equal("local accessor: get_size", 0, result[0], sizeof(int) * 4);
  check::equal("local accessor: placeholder", 1, result[1], 0u);
}

// accessor_legacy: SYCL 1.2.1 local accessors in access::mode::atomic give a sycl::atomic of the
// local space per element, in 0, 1 and 2 dimensions.
static void local_atomic_accessors(sycl::queue &q) {
  using local_atomic = sycl::atomic<unsigned long, sycl::access::address_space::local_space>;
  sycl::buffer<unsigned long, 1> out(sycl::range<1>(3));
  q.submit([&](sycl::handler &h) {
     sycl::accessor<unsigned long, 1, sycl::access_mode::atomic, sycl::target::local> counters(sycl::range<1>(2), h);
     sycl::accessor<unsigned long, 0, sycl::access_mode::atomic, sycl::target::local> single(h);
     sycl::accessor<unsigned long, 2, sycl::access_mode::atomic, sycl::target::local> grid(sycl::range<2>(2, 2), h);
     sycl::accessor result(out, h, sycl::write_only);
     h.parallel_for(sycl::nd_range<1>(8, 8), [=](sycl::nd_item<1> it) {
       const local_atomic whole = single;
       if (it.get_local_id(0) == 0) {
         counters[0].store(0);
         whole.store(0);
         grid[1][1].store(0);
       }
       sycl::group_barrier(it.get_group());
       counters[0].fetch_add(1);
       whole.fetch_add(2);
       grid[1][1].fetch_add(3);
       sycl::group_barrier(it.get_group());
       if (it.get_local_id(0) == 0) {
         result[0] = counters[0].load();
         result[1] = whole.load();
         result[2] = grid[1][1].load();
       }
     });
   }).wait();
  sycl::host_accessor result(out);
  const unsigned long expected[3] = {8, 16, 24};
  for (int i = 0; i < 3; ++i) check::equal("local atomic accessors", i, result[i], expected[i]);
}

// address_space (4.7.6.9, 4.7.6.11): the deprecated get_pointer of accessors gives the pointer
// class of their address space.
static_assert(std::is_same_v<decltype(std::declval<sycl::local_accessor<int, 1>>().get_pointer()), sycl::local_ptr<int>>);
static_assert(std::is_same_v<decltype(std::declval<sycl::accessor<int, 1, sycl::access_mode::read>>().get_pointer()),
                             sycl::global_ptr<const int>>);
static_assert(std::is_same_v<decltype(std::declval<sycl::accessor<int, 1, sycl::access_mode::read,
                                                                  sycl::target::constant_buffer>>()
                                          .get_pointer()),
                             sycl::constant_ptr<int>>);
// accessor_generic: a host task's accessor gives the element pointer itself (host memory).
static_assert(std::is_same_v<decltype(std::declval<sycl::accessor<int, 1, sycl::access_mode::read,
                                                                  sycl::target::host_task>>()
                                          .get_pointer()),
                             const int *>);

// math_builtin_api (4.17): a class converting to float takes the scalar float overloads (no
// error from the vec and marray templates); any and all give int for a vec, bool for an marray
// of signed integers.
struct converts_to_float {
  float value;
  operator float() const { return value; }
};
static_assert(std::is_same_v<decltype(sycl::atan2(converts_to_float{1.f}, converts_to_float{2.f})), float> &&
              std::is_same_v<decltype(sycl::isequal(converts_to_float{1.f}, converts_to_float{2.f})), bool> &&
              std::is_same_v<decltype(sycl::isnan(converts_to_float{1.f})), bool> &&
              std::is_same_v<decltype(sycl::cos(converts_to_float{1.f})), float>);
static_assert(std::is_same_v<decltype(sycl::any(sycl::int4())), int> &&
              std::is_same_v<decltype(sycl::all(sycl::vec<std::int16_t, 2>())), int> &&
              std::is_same_v<decltype(sycl::any(sycl::marray<signed char, 2>())), bool>);
static void relational_conversions(sycl::queue &q) {
  int *out = sycl::malloc_shared<int>(4, q);
  q.single_task([=] {
     out[0] = sycl::isless(converts_to_float{1.f}, converts_to_float{2.f});
     out[1] = sycl::any(sycl::int4(0, 0, -1, 0));
     out[2] = sycl::all(sycl::marray<signed char, 2>(-1, 5));
     out[3] = int(sycl::atan2(converts_to_float{0.f}, converts_to_float{1.f}) == 0.f);
   }).wait();
  const int expected[4] = {1, 1, 0, 1};
  for (int i = 0; i < 4; ++i) check::equal("builtins: conversions and any/all", i, out[i], expected[i]);
  sycl::free(out, q);
}

// property (4.5.4.1): is_property and is_property_of; kernel (4.5.2): std::hash<kernel>.
static_assert(sycl::is_property_v<sycl::property::queue::in_order> && !sycl::is_property_v<int>);
static_assert(sycl::is_property_of_v<sycl::property::queue::in_order, sycl::queue> &&
              sycl::is_property_of_v<sycl::property::buffer::use_host_ptr, sycl::buffer<int, 2>> &&
              sycl::is_property_of_v<sycl::property::no_init, sycl::accessor<int>> &&
              !sycl::is_property_of_v<sycl::property::no_init, sycl::queue>);
static_assert(std::is_invocable_r_v<std::size_t, std::hash<sycl::kernel>, const sycl::kernel &>);

// property::buffer::use_host_ptr: the buffer's memory is the host memory itself, for mutable
// and const data; without the property, mutable host memory is lent to the buffer too
// (docs/runtime-ordering.md, "Buffers") and const data is copied.
static void use_host_ptr(sycl::queue &q) {
  std::vector<int> data(64, 1);
  {
    sycl::buffer<int> b(data.data(), sycl::range<1>(64), {sycl::property::buffer::use_host_ptr()});
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(b, h);
      h.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) { a[i] += int(i[0]); });
    });
    sycl::host_accessor h(b);
    check::equal("use_host_ptr: host accessor on the host memory", 0, h.get_pointer() == data.data(), true);
    check::equal("use_host_ptr: kernel result", 5, h[5], 6);
  }
  for (int i = 0; i < 64; ++i) check::equal("use_host_ptr: written in place", i, data[i], i + 1);
  const float constant[4] = {1.5f, 2.5f, 3.5f, 4.5f};
  sycl::buffer<const float> c(constant, sycl::range<1>(4), {sycl::property::buffer::use_host_ptr()});
  sycl::host_accessor read(c, sycl::read_only);
  check::equal("use_host_ptr: const data in place", 0, read.get_pointer() == constant, true);
  sycl::buffer<int> lent(data.data(), sycl::range<1>(64));
  sycl::host_accessor other(lent, sycl::read_only);
  check::equal("without use_host_ptr: lent", 0, other.get_pointer() == data.data() && other[63] == 64, true);
  sycl::buffer<const int> copied(static_cast<const int *>(data.data()), sycl::range<1>(64));
  sycl::host_accessor copy(copied, sycl::read_only);
  check::equal("without use_host_ptr, const: a copy", 0, copy.get_pointer() != data.data() && copy[63] == 64, true);
}

int main() {
  sycl::queue q;
  pointers_from_accessors(q);
  multi_ptr_interface(q);
  legacy_accessors(q);
  local_atomic_accessors(q);
  relational_conversions(q);
  local_memory_forms(q);
  buffer_interface(q);
  use_host_ptr(q);
  buffer_deduction_with_allocators();
  copies_across_dimensions(q);
  braced_ranges(q);
  allocation_properties_and_legacy_names(q);
  selectors();
  exceptions_with_context();
  event_wait_lists(q);
  queue_shortcuts(q);
  queue_forms();
  accessor_iterators(q);
  // context (4.6.3): made from a property list; platform and devices queries.
  const sycl::context context{sycl::property_list{}};
  int no_devices = 0;
  try {
    sycl::context empty{std::vector<sycl::device>{}};
  } catch (const sycl::exception &e) {
    no_devices = e.code() == sycl::errc::invalid;
  }
  check::equal("context without devices", 0, no_devices, 1);
  check::equal("custom devices", 0, sycl::platform().get_devices(sycl::info::device_type::custom).size(), 0u);
  check::equal("context devices", 0, context.get_info<sycl::info::context::devices>().size(), 1u);
  check::equal("context platform", 0, context.get_info<sycl::info::context::platform>() == sycl::platform(), true);
  work_group_copies(q);
  device_queries();
  // vector_* (4.14.1): the deprecated sycl::byte.
  static_assert(std::is_same_v<sycl::byte, unsigned char>);
  // marray_basic (4.14.3.2): the half aliases, and the integer ones of fixed width.
  static_assert(std::is_same_v<sycl::mhalf4, sycl::marray<sycl::half, 4>> &&
                std::is_same_v<sycl::mhalf16, sycl::marray<sycl::half, 16>>);
  static_assert(std::is_same_v<sycl::mchar2, sycl::marray<std::int8_t, 2>> &&
                std::is_same_v<sycl::mulong8, sycl::marray<std::uint64_t, 8>>);
  return check::finish();
}
