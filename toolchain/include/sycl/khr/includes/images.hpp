// DPC++'s <sycl/khr/includes/images.hpp>: ncpu does not implement images and samplers (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/khr/includes/images.hpp>: ncpu does not implement images and samplers"
