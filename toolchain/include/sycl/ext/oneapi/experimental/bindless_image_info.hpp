// DPC++'s <sycl/ext/oneapi/experimental/bindless_image_info.hpp>: ncpu does not implement images and samplers (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/bindless_image_info.hpp>: ncpu does not implement images and samplers"
