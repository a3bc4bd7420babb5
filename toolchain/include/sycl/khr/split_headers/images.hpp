// DPC++'s <sycl/khr/split_headers/images.hpp>: ncpu does not implement images and samplers (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/khr/split_headers/images.hpp>: ncpu does not implement images and samplers"
