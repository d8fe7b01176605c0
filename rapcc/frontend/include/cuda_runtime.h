/* rapcc stand-in: the CUDA declarations come from rapcc_cuda_shim.h */
#pragma once
