// sycl_ext_oneapi_kernel_compiler (docs/kernel-compiler.md): free function kernels given as a
// source string, with include files and build options, built at run time and launched with
// set_args; found by their extern "C" name, a registered C++ expression (templates, a cast
// choosing an overload) or their raw name, without kernel ids; two builds defining the same extern "C" kernel each
// keep their own; the log of a build; the errors the extension names.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <string>
#include <vector>

#include "check.hpp"

namespace syclex = sycl::ext::oneapi::experimental;

namespace {

constexpr std::size_t count = 1000;

const char *const kernels_source = R"(
#include <sycl/sycl.hpp>
#include "scale.h"
namespace syclex = sycl::ext::oneapi::experimental;

extern "C" SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclex::nd_range_kernel<1>))
void affine(float start, float *out) {
  const std::size_t i = sycl::ext::oneapi::this_work_item::get_nd_item<1>().get_global_id(0);
  out[i] = start + scale(float(i)) + OFFSET;
}

namespace kernels {
template <typename T>
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclex::single_task_kernel))
void twice(T *value) { *value = *value * 2; }

SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclex::nd_range_kernel<1>))
void fill(int first, int *out) {
  const std::size_t i = sycl::ext::oneapi::this_work_item::get_nd_item<1>().get_global_id(0);
  out[i] = first + int(i);
}
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclex::nd_range_kernel<1>))
void fill(float first, float *out) {
  const std::size_t i = sycl::ext::oneapi::this_work_item::get_nd_item<1>().get_global_id(0);
  out[i] = first - float(i);
}
} // namespace kernels
)";

syclex::properties<syclex::include_files> scale_header() {
  return syclex::properties{syclex::include_files{"scale.h", "inline float scale(float x) { return 3 * x; }"}};
}

template <typename... Args> void run(sycl::queue &q, const sycl::kernel &k, std::size_t items, Args... args) {
  q.submit([&](sycl::handler &h) {
     h.set_args(args...);
     h.parallel_for(sycl::nd_range<1>(items, 8), k);
   }).wait();
}

void named_kernels(sycl::queue &q) {
  static_assert(SYCL_EXT_ONEAPI_KERNEL_COMPILER == 1);
  const std::size_t program_kernels = sycl::get_kernel_ids().size();
  auto source = syclex::create_kernel_bundle_from_source(q.get_context(), syclex::source_language::sycl,
                                                         kernels_source, scale_header());
  const std::string fill_int = "(void (*)(int, int *))kernels::fill";
  auto built = syclex::build(source, syclex::properties{syclex::build_options{"-DOFFSET=5"},
                                                        syclex::registered_names{{"kernels::twice<int>",
                                                                                  "kernels::twice<double>", fill_int}}});
  check::equal("has affine", 0, built.ext_oneapi_has_kernel("affine"), true);
  check::equal("has kernels::twice<int>", 0, built.ext_oneapi_has_kernel("kernels::twice<int>"), true);
  check::equal("has an unregistered name", 0, built.ext_oneapi_has_kernel("kernels::twice<float>"), false);
  check::equal("raw name of affine", 0, built.ext_oneapi_get_raw_kernel_name("affine") == "__sycl_kernel_affine", true);
  // Kernels built from source have no kernel ids.
  check::equal("kernel ids of the program", 0, sycl::get_kernel_ids().size(), program_kernels);
  check::equal("kernel ids of the bundle", 0, built.get_kernel_ids().size(), std::size_t(0));

  float *floats = sycl::malloc_shared<float>(count, q);
  const sycl::kernel affine = built.ext_oneapi_get_kernel("affine");
  check::equal("num_args of affine", 0, affine.get_info<sycl::info::kernel::num_args>(), 2u);
  run(q, affine, count, 0.5f, floats);
  for (std::size_t i = 0; i < count; ++i) check::equal("affine", long(i), floats[i], 0.5f + 3 * float(i) + 5);

  int *ints = sycl::malloc_shared<int>(count, q);
  run(q, built.ext_oneapi_get_kernel(fill_int), count, 7, ints);
  for (std::size_t i = 0; i < count; ++i) check::equal("fill(int)", long(i), ints[i], 7 + int(i));

  // A template instantiated by its registered name, then found by its raw (mangled) name too.
  const std::string raw = built.ext_oneapi_get_raw_kernel_name("kernels::twice<double>");
  check::equal("raw name is mangled", 0, raw.rfind("__sycl_kernel__Z", 0) == 0, true);
  double *value = sycl::malloc_shared<double>(1, q);
  *value = 1.25;
  for (const std::string &name : {std::string("kernels::twice<double>"), raw})
    q.submit([&](sycl::handler &h) {
       h.set_args(value);
       h.single_task(built.ext_oneapi_get_kernel(name));
     }).wait();
  check::equal("twice<double> twice", 0, *value, 5.0);
  sycl::free(floats, q);
  sycl::free(ints, q);
  sycl::free(value, q);
}

// Two sources defining the same extern "C" kernel: each bundle runs its own, and a build's
// warnings are its log.
void same_name_in_two_builds(sycl::queue &q) {
  auto source_of = [&](int factor) {
    return syclex::create_kernel_bundle_from_source(q.get_context(), syclex::source_language::sycl,
                                                    "#include <sycl/sycl.hpp>\n"
                                                    "#warning built at run time\n"
                                                    "extern \"C\" SYCL_EXT_ONEAPI_FUNCTION_PROPERTY(("
                                                    "sycl::ext::oneapi::experimental::single_task_kernel))\n"
                                                    "void times(int *p) { *p *= " +
                                                        std::to_string(factor) + "; }\n");
  };
  std::string log;
  auto three = syclex::build(source_of(3), syclex::properties{syclex::save_log{&log}});
  auto five = syclex::build(source_of(5));
  check::equal("the log has the warning", 0, log.find("built at run time") != std::string::npos, true);
  int *value = sycl::malloc_shared<int>(1, q);
  *value = 1;
  for (const auto *bundle : {&three, &five, &three})
    q.submit([&](sycl::handler &h) {
       h.set_args(value);
       h.single_task(bundle->ext_oneapi_get_kernel("times"));
     }).wait();
  check::equal("3 * 5 * 3", 0, *value, 45);
  sycl::free(value, q);
}

// The error each bad input gets: errc::build with the compiler's message, errc::invalid for the
// rest.
template <typename Body> void expect_error(const char *what, sycl::errc code, const char *text, Body body) {
  try {
    body();
    std::printf("%s: no exception\n", what);
    check::equal(what, 0, false, true);
  } catch (const sycl::exception &e) {
    check::equal(what, 0, e.code() == code, true);
    if (std::string(e.what()).find(text) == std::string::npos) {
      std::printf("%s: '%s' does not say '%s'\n", what, e.what(), text);
      check::equal(what, 1, false, true);
    }
  }
}

void errors(sycl::queue &q) {
  const sycl::context c = q.get_context();
  check::equal("can compile sycl", 0, q.get_device().ext_oneapi_can_compile(syclex::source_language::sycl), true);
  check::equal("can compile opencl", 0, q.get_device().ext_oneapi_can_compile(syclex::source_language::opencl), false);
  expect_error("opencl source", sycl::errc::invalid, "SYCL source only", [&] {
    syclex::create_kernel_bundle_from_source(c, syclex::source_language::opencl, "kernel void k() {}");
  });
  expect_error("syntax error", sycl::errc::build, "expected expression", [&] {
    syclex::build(syclex::create_kernel_bundle_from_source(c, syclex::source_language::sycl, "int x = ;"));
  });
  auto empty = syclex::create_kernel_bundle_from_source(c, syclex::source_language::sycl, "int x = 1;");
  expect_error("unknown option", sycl::errc::invalid, "--no-such-option",
               [&] { syclex::build(empty, syclex::properties{syclex::build_options{"--no-such-option"}}); });
  expect_error("include file outside", sycl::errc::invalid, "../up.h", [&] {
    syclex::build(syclex::create_kernel_bundle_from_source(
        c, syclex::source_language::sycl, "", syclex::properties{syclex::include_files{"../up.h", ""}}));
  });
  auto built = syclex::build(empty);
  check::equal("no kernels", 0, built.empty(), true);
  expect_error("unknown kernel", sycl::errc::invalid, "no kernel named 'k'", [&] { built.ext_oneapi_get_kernel("k"); });
}

} // namespace

int main() {
  sycl::queue q;
  named_kernels(q);
  same_name_in_two_builds(q);
  errors(q);
  return check::finish();
}
