// sycl::exception and the SYCL error codes (SYCL 2020 section 4.13.2).
#pragma once

#include <exception>
#include <memory>
#include <string>
#include <system_error>
#include <vector>
#include <functional>

#include "detail/defines.hpp"

namespace sycl {
inline namespace _V1 {

enum class errc : int {
  success = 0,
  runtime = 1,
  kernel = 2,
  accessor = 3,
  nd_range = 4,
  event = 5,
  kernel_argument = 6,
  build = 7,
  invalid = 8,
  memory_allocation = 9,
  platform = 10,
  profiling = 11,
  feature_not_supported = 12,
  kernel_not_supported = 13,
  backend_mismatch = 14,
};

namespace detail {
class sycl_error_category : public std::error_category {
public:
  const char *name() const noexcept override { return "sycl"; }
  std::string message(int value) const override {
    switch (static_cast<errc>(value)) {
    case errc::success: return "success";
    case errc::runtime: return "runtime error";
    case errc::kernel: return "kernel error";
    case errc::accessor: return "accessor error";
    case errc::nd_range: return "invalid nd_range";
    case errc::event: return "event error";
    case errc::kernel_argument: return "invalid kernel argument";
    case errc::build: return "build error";
    case errc::invalid: return "invalid";
    case errc::memory_allocation: return "memory allocation failure";
    case errc::platform: return "platform error";
    case errc::profiling: return "profiling error";
    case errc::feature_not_supported: return "feature not supported";
    case errc::kernel_not_supported: return "kernel not supported";
    case errc::backend_mismatch: return "backend mismatch";
    }
    return "unknown SYCL error";
  }
};
} // namespace detail

inline const std::error_category &sycl_category() noexcept {
  static const detail::sycl_error_category category;
  return category;
}

inline std::error_code make_error_code(errc e) noexcept {
  return {static_cast<int>(e), sycl_category()};
}

class context;

class exception : public virtual std::exception {
public:
  exception(std::error_code ec, const std::string &what_arg)
      : code_(ec), what_(std::make_shared<std::string>(what_arg)) {}
  exception(std::error_code ec, const char *what_arg) : exception(ec, std::string(what_arg)) {}
  exception(std::error_code ec) : exception(ec, ec.message()) {}
  exception(int ev, const std::error_category &category, const std::string &what_arg)
      : exception(std::error_code(ev, category), what_arg) {}
  exception(int ev, const std::error_category &category, const char *what_arg)
      : exception(std::error_code(ev, category), what_arg) {}
  exception(int ev, const std::error_category &category)
      : exception(std::error_code(ev, category)) {}
  // The same with the context the error belongs to (kept for get_context; the three are
  // defined with the context, device.hpp).
  exception(const context &c, std::error_code ec, const std::string &what_arg);
  exception(const context &c, std::error_code ec, const char *what_arg) : exception(c, ec, std::string(what_arg)) {}
  exception(const context &c, std::error_code ec) : exception(c, ec, ec.message()) {}
  exception(const context &c, int ev, const std::error_category &category, const std::string &what_arg)
      : exception(c, std::error_code(ev, category), what_arg) {}
  exception(const context &c, int ev, const std::error_category &category, const char *what_arg)
      : exception(c, std::error_code(ev, category), what_arg) {}
  exception(const context &c, int ev, const std::error_category &category)
      : exception(c, std::error_code(ev, category)) {}

  const std::error_code &code() const noexcept { return code_; }
  const std::error_category &category() const noexcept { return code_.category(); }
  const char *what() const noexcept override { return what_->c_str(); }
  bool has_context() const noexcept { return context_ != nullptr; }
  // The context, or errc::invalid without one (defined with the context, device.hpp).
  context get_context() const;

private:
  std::error_code code_;
  std::shared_ptr<std::string> what_;
  std::shared_ptr<const context> context_;
};

// SYCL 1.2.1's exception classes, deprecated in SYCL 2020 (4.13.2) but still named by programs
// (`catch (sycl::runtime_error &)`). What the runtime throws is one of them when an errc has a
// SYCL 1.2.1 counterpart (detail::throw_error below), so that both old and new handlers catch it.
#define NCPU_LEGACY_EXCEPTION(name, base)                                                             \
  class [[deprecated("use sycl::exception with sycl::errc")]] name : public base {                  \
  public:                                                                                            \
    using base::base;                                                                                \
    name(const std::string &message, int code) : base(std::error_code(code, sycl_category()), message) {} \
  };
NCPU_LEGACY_EXCEPTION(runtime_error, exception)
NCPU_LEGACY_EXCEPTION(kernel_error, runtime_error)
NCPU_LEGACY_EXCEPTION(accessor_error, runtime_error)
NCPU_LEGACY_EXCEPTION(nd_range_error, runtime_error)
NCPU_LEGACY_EXCEPTION(event_error, runtime_error)
NCPU_LEGACY_EXCEPTION(invalid_parameter_error, runtime_error)
NCPU_LEGACY_EXCEPTION(device_error, exception)
NCPU_LEGACY_EXCEPTION(compile_program_error, device_error)
NCPU_LEGACY_EXCEPTION(link_program_error, device_error)
NCPU_LEGACY_EXCEPTION(invalid_object_error, device_error)
NCPU_LEGACY_EXCEPTION(memory_allocation_error, device_error)
NCPU_LEGACY_EXCEPTION(platform_error, device_error)
NCPU_LEGACY_EXCEPTION(profiling_error, device_error)
NCPU_LEGACY_EXCEPTION(feature_not_supported, device_error)
#undef NCPU_LEGACY_EXCEPTION

namespace detail {
// Throws a sycl::exception with `code`, of the SYCL 1.2.1 class that named that error where there
// is one (errc::invalid as invalid_parameter_error, a runtime_error, as DPC++ does for bad
// arguments): a SYCL 2020 `catch (sycl::exception &)` sees the same code and message.
[[noreturn]] inline void throw_error(errc code, const std::string &message) {
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
  const std::error_code error = make_error_code(code);
  switch (code) {
  case errc::runtime: throw runtime_error(error, message);
  case errc::kernel:
  case errc::kernel_argument: throw kernel_error(error, message);
  case errc::accessor: throw accessor_error(error, message);
  case errc::nd_range: throw nd_range_error(error, message);
  case errc::event: throw event_error(error, message);
  case errc::build: throw compile_program_error(error, message);
  case errc::invalid: throw invalid_parameter_error(error, message);
  case errc::memory_allocation: throw memory_allocation_error(error, message);
  case errc::platform: throw platform_error(error, message);
  case errc::profiling: throw profiling_error(error, message);
  case errc::feature_not_supported:
  case errc::kernel_not_supported: throw feature_not_supported(error, message);
  default: throw exception(error, message);
  }
#pragma clang diagnostic pop
}
} // namespace detail

class exception_list {
public:
  using value_type = std::exception_ptr;
  using reference = value_type &;
  using const_reference = const value_type &;
  using size_type = std::size_t;
  using iterator = std::vector<std::exception_ptr>::const_iterator;
  using const_iterator = std::vector<std::exception_ptr>::const_iterator;
  std::size_t size() const { return list_.size(); }
  const_iterator begin() const { return list_.begin(); }
  const_iterator end() const { return list_.end(); }
  void push_back(std::exception_ptr e) { list_.push_back(std::move(e)); }

private:
  std::vector<std::exception_ptr> list_;
};

using async_handler = std::function<void(sycl::exception_list)>;

} // namespace _V1
} // namespace sycl

namespace std {
template <> struct is_error_code_enum<sycl::errc> : true_type {};
} // namespace std
