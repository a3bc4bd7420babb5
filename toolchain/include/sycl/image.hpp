// DPC++'s <sycl/image.hpp>: ncpu does not implement images and samplers (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/image.hpp>: ncpu does not implement images and samplers"
