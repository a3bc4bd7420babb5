// sycl_ext_oneapi_weak_object: weak objects of the classes whose identity is shared state (queue,
// context, event, buffer, host_accessor, kernel_bundle) expire with the object and give it back
// while it lives; those of value classes (local_accessor, stream, device, kernel, kernel_id,
// device_image) never expire; the owner order
// (weak_object::owner_before, ext_oneapi_owner_before, owner_less) makes copies equivalent,
// different objects ordered, and empty weak objects equivalent and first; owner_less keys a
// std::set; lock() of an expired one is errc::invalid. A placeholder accessor converts from a
// buffer implicitly, as SYCL 2020 declares its constructor.
#include <sycl/sycl.hpp>
#include <sycl/ext/oneapi/owner_less.hpp>
#include "check.hpp"

#include <set>

class first_kernel;
class second_kernel;

namespace oneapi = sycl::ext::oneapi;

static_assert(SYCL_EXT_ONEAPI_WEAK_OBJECT == 1);

void truth(const char *what, bool value) { check::equal(what, 0, value, true); }

// Copies are equivalent, two objects are ordered one way, and the weak forms agree.
template <typename T> void check_order(const char *what, const T &a, const T &b) {
  const oneapi::weak_object<T> wa(a), wb(b), empty;
  const oneapi::owner_less<T> less;
  truth(what, !less(a, T(a)) && !less(T(a), a) && !wa.owner_before(a) && !a.ext_oneapi_owner_before(wa));
  truth(what, less(a, b) != less(b, a) && less(wa, wb) == less(a, b) && less(a, wb) == less(a, b) &&
                  less(wa, b) == less(a, b) && a.ext_oneapi_owner_before(b) == less(a, b));
  truth(what, empty.owner_before(wa) && !wa.owner_before(empty) && !empty.owner_before(oneapi::weak_object<T>()));
}

// Alive, the weak object gives the object back; gone, it is expired and lock() throws.
template <typename T, typename Make> void check_expiry(const char *what, Make make) {
  oneapi::weak_object<T> weak;
  truth(what, weak.expired() && !weak.try_lock().has_value());
  {
    T object = make();
    weak = object;
    truth(what, !weak.expired() && weak.try_lock().value() == object && weak.lock() == object);
  }
  truth(what, weak.expired() && !weak.try_lock().has_value());
  int code = 0;
  try {
    weak.lock();
  } catch (const sycl::exception &e) {
    code = e.code() == sycl::errc::invalid ? 1 : 2;
  }
  check::equal("lock of an expired weak object", 0, code, 1);
}

int main() {
  check_expiry<sycl::queue>("queue", [] { return sycl::queue(); });
  check_expiry<sycl::context>("context", [] { return sycl::context(); });
  check_expiry<sycl::event>("event", [] { return sycl::event(); });
  check_expiry<sycl::buffer<int>>("buffer", [] { return sycl::buffer<int>(sycl::range<1>(4)); });
  check_order("queue", sycl::queue(), sycl::queue());
  check_order("context", sycl::context(), sycl::context());
  check_order("event", sycl::event(), sycl::event());
  check_order("buffer", sycl::buffer<int>(sycl::range<1>(2)), sycl::buffer<int>(sycl::range<1>(2)));

  // A host accessor keeps the buffer's memory only while it lives; the weak object reaches it.
  sycl::buffer<int> buffer(sycl::range<1>(4));
  oneapi::weak_object<sycl::host_accessor<int>> weak;
  {
    sycl::host_accessor<int> access(buffer);
    access[2] = 42;
    weak = access;
    truth("host_accessor", !weak.expired() && weak.lock()[2] == 42);
  }
  truth("host_accessor gone", weak.expired());
  truth("the buffer usable after the host accessor", sycl::host_accessor<int>(buffer)[2] == 42);
  sycl::accessor<int> placeholder = buffer;
  truth("implicit placeholder accessor", placeholder.is_placeholder() && placeholder.size() == 4);

  std::set<oneapi::weak_object<sycl::context>, oneapi::owner_less<sycl::context>> contexts;
  const sycl::context first, second;
  contexts.insert(first);
  contexts.insert(second);
  contexts.insert(sycl::context(first));
  check::equal("contexts in a set", 0, contexts.size(), 2);

  oneapi::weak_object<sycl::device> device{sycl::device()};
  truth("device", !device.expired() && device.lock() == sycl::device());
  sycl::queue q;
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int> a(4, h), b(4, h);
     check_order("local_accessor", a, b);
     sycl::accessor<int> first_access(buffer, h), second_access(buffer, h, sycl::read_only);
     check_order("two accessors of one buffer", first_access, sycl::accessor<int>(second_access));
     sycl::stream s1(1024, 64, h), s2(1024, 64, h);
     check_order("stream", s1, s2);
     truth("stream", oneapi::weak_object<sycl::stream>(s1).lock() == s1);
     h.single_task([] {});
   }).wait();

  // The kernel classes: a bundle is watched through its constants; kernels, their ids and their
  // images are their names.
  q.single_task<first_kernel>([] {}).wait();
  q.single_task<second_kernel>([] {}).wait();
  using executable_bundle = sycl::kernel_bundle<sycl::bundle_state::executable>;
  const sycl::context context = q.get_context();
  check_expiry<executable_bundle>("kernel_bundle", [&] { return sycl::get_kernel_bundle<sycl::bundle_state::executable>(context); });
  const executable_bundle bundle = sycl::get_kernel_bundle<sycl::bundle_state::executable>(context);
  check_order("kernel_bundle", bundle, sycl::get_kernel_bundle<sycl::bundle_state::executable>(context));
  const sycl::kernel_id first_id = sycl::get_kernel_id<first_kernel>();
  const sycl::kernel_id second_id = sycl::get_kernel_id<second_kernel>();
  check_order("kernel_id", first_id, second_id);
  check_order("kernel", bundle.get_kernel(first_id), bundle.get_kernel(second_id));
  const auto image_of = [&](const sycl::kernel_id &id) {
    return *std::find_if(bundle.begin(), bundle.end(), [&](const auto &image) { return image.has_kernel(id); });
  };
  check_order("device_image", image_of(first_id), image_of(second_id));
  std::set<sycl::kernel, oneapi::owner_less<sycl::kernel>> kernels{bundle.get_kernel(first_id),
                                                                   bundle.get_kernel(second_id),
                                                                   bundle.get_kernel(first_id)};
  check::equal("kernels in a set", 0, kernels.size(), 2);
  oneapi::weak_object<sycl::kernel_id> weak_id{first_id};
  truth("kernel_id", !weak_id.expired() && weak_id.lock() == first_id);
  return check::finish();
}
