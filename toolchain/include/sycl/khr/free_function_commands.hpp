// DPC++'s <sycl/khr/free_function_commands.hpp>: ncpu does not implement sycl_khr_free_function_commands (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/khr/free_function_commands.hpp>: ncpu does not implement sycl_khr_free_function_commands"
