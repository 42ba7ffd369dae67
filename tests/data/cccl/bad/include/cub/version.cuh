#pragma once
// Not CCCL: no version.
#define CUB_VERSION_MAJOR 3
