// DPC++'s <sycl/accessor_image.hpp>: ncpu does not implement images and samplers (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/accessor_image.hpp>: ncpu does not implement images and samplers"
