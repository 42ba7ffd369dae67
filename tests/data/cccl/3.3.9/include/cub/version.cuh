#pragma once
// A stand-in for CCCL 3.3.9 headers: what `generate --cccl-include` reads.
#define CUB_VERSION 300309
