// The second translation unit of the specialization-constant test: its image uses only
// scale_id, which the whole-module layout places after int_id.
#include "spec_constants.hpp"

void scale_in_other_unit(sycl::queue &q, double *out, size_t n, bool set, double scale) {
  q.submit([&](sycl::handler &h) {
     if (set) h.set_specialization_constant<scale_id>(scale);
     h.parallel_for<class OtherUnitScale>(sycl::range<1>(n), [=](sycl::id<1> i, sycl::kernel_handler kh) {
       out[i] = kh.get_specialization_constant<scale_id>() * double(i[0]);
     });
   }).wait();
}
