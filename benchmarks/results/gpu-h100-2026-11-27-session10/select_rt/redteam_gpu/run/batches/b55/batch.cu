#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cooperative_groups.h>
#include <cuda_pipeline.h>
#include <mma.h>
#include <stdint.h>
#include <stddef.h>
#include <new>
#include <utility>
#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <tuple>
#define RAPCC_DYNAMIC_SMEM_BYTES_DEFINED
static __device__ __forceinline__ unsigned int __rapcc_dynamic_smem_bytes(void) { unsigned int r; asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(r)); return r; }
namespace fz_k0_v0 {
#line 1 "fz_k0_v0.cu"
// A static tile beside a dynamic buffer that fills the rest of the 48 KB a
// launch may use without opting in: (48 << 10) - 32 * 32 * sizeof(float)
// bytes. A tile that grows leaves no room, and the launch fails on the GPU.
// launch: rt3_99_static_smem_at_budget 2 32x8 0 0 smem=45056
static __global__ void rt3_99_static_smem_at_budget(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    extern __shared__ int scratch[];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    scratch[tid] = tid;
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(tile[tx][j]) + scratch[(tid + j) % 256];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    const size_t dyn = (48 << 10) - 32 * 32 * sizeof(float);
    rt3_99_static_smem_at_budget<<<2, dim3(32, 8), dyn>>>(in, out, 0);
}
#endif

}  // namespace fz_k0_v0
namespace fz_k0_v1 {
#line 1 "fz_k0_v1.cu"
// A static tile beside a dynamic buffer that fills the rest of the 48 KB a
// launch may use without opting in: (48 << 10) - 32 * 32 * sizeof(float)
// bytes. A tile that grows leaves no room, and the launch fails on the GPU.
// launch: rt3_99_static_smem_at_budget 2 32x8 0 0 smem=45056
static __global__ void rt3_99_static_smem_at_budget(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    extern __shared__ int scratch[];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    scratch[tid] = tid;
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(tile[tx][j]) + scratch[(tid + j) % 256];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    const size_t dyn = (48 << 10) - 32 * 32 * sizeof(float);
    rt3_99_static_smem_at_budget<<<2, dim3(32, 8), dyn>>>(in, out, 0);
}
#endif

}  // namespace fz_k0_v1
namespace fz_k0_v2 {
#line 1 "fz_k0_v2.cu"
/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'tile' in 'rt3_99_static_smem_at_budget': bvxor (bvxor k1=0 k2=5 mask=31 on 10 bits (seed 004 §4.2, §5.1))
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt3_99_static_smem_at_budget/rt3_99_static_smem_at_budget.cu --strategy auto --seed 1
 */

__device__ __forceinline__ unsigned int __rapcc_tile_54fbb242_map(unsigned int i0, unsigned int i1) { return (i1 ^ i0); }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_tile_54fbb242_at(__rapcc_T (&__rapcc_a)[32][32], unsigned int i0, unsigned int i1) { return __rapcc_a[i0][__rapcc_tile_54fbb242_map(i0, i1)]; }
#line 1 "/tmp/redteam_gpu/run/rt3_99_static_smem_at_budget/rt3_99_static_smem_at_budget.cu"
// A static tile beside a dynamic buffer that fills the rest of the 48 KB a
// launch may use without opting in: (48 << 10) - 32 * 32 * sizeof(float)
// bytes. A tile that grows leaves no room, and the launch fails on the GPU.
// launch: rt3_99_static_smem_at_budget 2 32x8 0 0 smem=45056
static __global__ void rt3_99_static_smem_at_budget(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    extern __shared__ int scratch[];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) __rapcc_tile_54fbb242_at(tile, j, tx) = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    scratch[tid] = tid;
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(__rapcc_tile_54fbb242_at(tile, tx, j)) + scratch[(tid + j) % 256];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    const size_t dyn = (48 << 10) - 32 * 32 * sizeof(float);
    rt3_99_static_smem_at_budget<<<2, dim3(32, 8), dyn>>>(in, out, 0);
}
#endif

}  // namespace fz_k0_v2
namespace fz_k0_v3 {
#line 1 "fz_k0_v3.cu"
/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'tile' in 'rt3_99_static_smem_at_budget': xor (xor Swizzle<5,0,0> on rows of 32)
 *   'scratch' in 'rt3_99_static_smem_at_budget': xor (xor Swizzle<4,0,5> within the dynamic allocation)
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt3_99_static_smem_at_budget/rt3_99_static_smem_at_budget.cu --strategy xor --seed 1
 */

#ifndef RAPCC_DYNAMIC_SMEM_BYTES_DEFINED
#define RAPCC_DYNAMIC_SMEM_BYTES_DEFINED
static __device__ __forceinline__ unsigned int __rapcc_dynamic_smem_bytes(void) { unsigned int __rapcc_r; asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(__rapcc_r)); return __rapcc_r; }
#endif
__device__ __forceinline__ unsigned int __rapcc_tile_eb21efd2_map(unsigned int i0, unsigned int i1) { return i1 ^ ((i0 & 31u) << 0u); }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_tile_eb21efd2_at(__rapcc_T (&__rapcc_a)[32][32], unsigned int i0, unsigned int i1) { return __rapcc_a[i0][__rapcc_tile_eb21efd2_map(i0, i1)]; }
__device__ __forceinline__ unsigned int __rapcc_scratch_87dd323a_map(unsigned int i0, unsigned int n) { return ((i0 | 15u) < n) ? (i0 ^ (((i0 >> 5u) & 15u) << 0u)) : i0; }
#line 1 "/tmp/redteam_gpu/run/rt3_99_static_smem_at_budget/rt3_99_static_smem_at_budget.cu"
// A static tile beside a dynamic buffer that fills the rest of the 48 KB a
// launch may use without opting in: (48 << 10) - 32 * 32 * sizeof(float)
// bytes. A tile that grows leaves no room, and the launch fails on the GPU.
// launch: rt3_99_static_smem_at_budget 2 32x8 0 0 smem=45056
static __global__ void rt3_99_static_smem_at_budget(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    extern __shared__ int scratch[];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) __rapcc_tile_eb21efd2_at(tile, j, tx) = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    scratch[__rapcc_scratch_87dd323a_map(tid, __rapcc_dynamic_smem_bytes() / 4u)] = tid;
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(__rapcc_tile_eb21efd2_at(tile, tx, j)) + scratch[__rapcc_scratch_87dd323a_map((tid + j) % 256, __rapcc_dynamic_smem_bytes() / 4u)];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    const size_t dyn = (48 << 10) - 32 * 32 * sizeof(float);
    rt3_99_static_smem_at_budget<<<2, dim3(32, 8), dyn>>>(in, out, 0);
}
#endif

}  // namespace fz_k0_v3
namespace fz_k0_v4 {
#line 1 "fz_k0_v4.cu"
/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'tile' in 'rt3_99_static_smem_at_budget': rap (rap shift by p(row), |p| = 32, seed 1)
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt3_99_static_smem_at_budget/rt3_99_static_smem_at_budget.cu --strategy rap --seed 1
 */

__device__ __forceinline__ unsigned int __rapcc_tile_5f2cdb3b_map(unsigned int i0, unsigned int i1) { return (i1 + ((((i0 & 31u) ^ 13u) * 17u + 14u) & 31u)) & 31u; }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_tile_5f2cdb3b_at(__rapcc_T (&__rapcc_a)[32][32], unsigned int i0, unsigned int i1) { return __rapcc_a[i0][__rapcc_tile_5f2cdb3b_map(i0, i1)]; }
#line 1 "/tmp/redteam_gpu/run/rt3_99_static_smem_at_budget/rt3_99_static_smem_at_budget.cu"
// A static tile beside a dynamic buffer that fills the rest of the 48 KB a
// launch may use without opting in: (48 << 10) - 32 * 32 * sizeof(float)
// bytes. A tile that grows leaves no room, and the launch fails on the GPU.
// launch: rt3_99_static_smem_at_budget 2 32x8 0 0 smem=45056
static __global__ void rt3_99_static_smem_at_budget(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    extern __shared__ int scratch[];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) __rapcc_tile_5f2cdb3b_at(tile, j, tx) = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    scratch[tid] = tid;
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(__rapcc_tile_5f2cdb3b_at(tile, tx, j)) + scratch[(tid + j) % 256];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    const size_t dyn = (48 << 10) - 32 * 32 * sizeof(float);
    rt3_99_static_smem_at_budget<<<2, dim3(32, 8), dyn>>>(in, out, 0);
}
#endif

}  // namespace fz_k0_v4
namespace fz_k0_v5 {
#line 1 "fz_k0_v5.cu"
/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'tile' in 'rt3_99_static_smem_at_budget': bvxor (bvxor k1=0 k2=5 mask=31 on 10 bits (seed 004 §4.2, §5.1))
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt3_99_static_smem_at_budget/rt3_99_static_smem_at_budget.cu --strategy bvxor --seed 1
 */

__device__ __forceinline__ unsigned int __rapcc_tile_54fbb242_map(unsigned int i0, unsigned int i1) { return (i1 ^ i0); }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_tile_54fbb242_at(__rapcc_T (&__rapcc_a)[32][32], unsigned int i0, unsigned int i1) { return __rapcc_a[i0][__rapcc_tile_54fbb242_map(i0, i1)]; }
#line 1 "/tmp/redteam_gpu/run/rt3_99_static_smem_at_budget/rt3_99_static_smem_at_budget.cu"
// A static tile beside a dynamic buffer that fills the rest of the 48 KB a
// launch may use without opting in: (48 << 10) - 32 * 32 * sizeof(float)
// bytes. A tile that grows leaves no room, and the launch fails on the GPU.
// launch: rt3_99_static_smem_at_budget 2 32x8 0 0 smem=45056
static __global__ void rt3_99_static_smem_at_budget(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    extern __shared__ int scratch[];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) __rapcc_tile_54fbb242_at(tile, j, tx) = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    scratch[tid] = tid;
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(__rapcc_tile_54fbb242_at(tile, tx, j)) + scratch[(tid + j) % 256];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    const size_t dyn = (48 << 10) - 32 * 32 * sizeof(float);
    rt3_99_static_smem_at_budget<<<2, dim3(32, 8), dyn>>>(in, out, 0);
}
#endif

}  // namespace fz_k0_v5
namespace fz_k0_v6 {
#line 1 "fz_k0_v6.cu"
/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'tile' in 'rt3_99_static_smem_at_budget': bwxor (bwxor MIH (0^5) (1^6) (2^7) (3^8) (4^9) (seed 004 §4.4, §5.2.2))
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt3_99_static_smem_at_budget/rt3_99_static_smem_at_budget.cu --strategy bwxor --seed 1
 */

__device__ __forceinline__ unsigned int __rapcc_tile_54fbb242_map(unsigned int i0, unsigned int i1) { return (i1 ^ i0); }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_tile_54fbb242_at(__rapcc_T (&__rapcc_a)[32][32], unsigned int i0, unsigned int i1) { return __rapcc_a[i0][__rapcc_tile_54fbb242_map(i0, i1)]; }
#line 1 "/tmp/redteam_gpu/run/rt3_99_static_smem_at_budget/rt3_99_static_smem_at_budget.cu"
// A static tile beside a dynamic buffer that fills the rest of the 48 KB a
// launch may use without opting in: (48 << 10) - 32 * 32 * sizeof(float)
// bytes. A tile that grows leaves no room, and the launch fails on the GPU.
// launch: rt3_99_static_smem_at_budget 2 32x8 0 0 smem=45056
static __global__ void rt3_99_static_smem_at_budget(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    extern __shared__ int scratch[];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) __rapcc_tile_54fbb242_at(tile, j, tx) = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    scratch[tid] = tid;
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(__rapcc_tile_54fbb242_at(tile, tx, j)) + scratch[(tid + j) % 256];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    const size_t dyn = (48 << 10) - 32 * 32 * sizeof(float);
    rt3_99_static_smem_at_budget<<<2, dim3(32, 8), dyn>>>(in, out, 0);
}
#endif

}  // namespace fz_k0_v6
namespace fz_k0_v7 {
#line 1 "fz_k0_v7.cu"
/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'tile' in 'rt3_99_static_smem_at_budget': swizzle (swizzle Swizzle<5,0,5> on rows of 32, F2-linear (2 of 2 access sets linear; optimal; Linear Layouts §5.4))
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt3_99_static_smem_at_budget/rt3_99_static_smem_at_budget.cu --strategy swizzle --seed 1
 */

__device__ __forceinline__ unsigned int __rapcc_tile_54fbb242_map(unsigned int i0, unsigned int i1) { return (i1 ^ i0); }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_tile_54fbb242_at(__rapcc_T (&__rapcc_a)[32][32], unsigned int i0, unsigned int i1) { return __rapcc_a[i0][__rapcc_tile_54fbb242_map(i0, i1)]; }
#line 1 "/tmp/redteam_gpu/run/rt3_99_static_smem_at_budget/rt3_99_static_smem_at_budget.cu"
// A static tile beside a dynamic buffer that fills the rest of the 48 KB a
// launch may use without opting in: (48 << 10) - 32 * 32 * sizeof(float)
// bytes. A tile that grows leaves no room, and the launch fails on the GPU.
// launch: rt3_99_static_smem_at_budget 2 32x8 0 0 smem=45056
static __global__ void rt3_99_static_smem_at_budget(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    extern __shared__ int scratch[];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) __rapcc_tile_54fbb242_at(tile, j, tx) = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    scratch[tid] = tid;
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(__rapcc_tile_54fbb242_at(tile, tx, j)) + scratch[(tid + j) % 256];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    const size_t dyn = (48 << 10) - 32 * 32 * sizeof(float);
    rt3_99_static_smem_at_budget<<<2, dim3(32, 8), dyn>>>(in, out, 0);
}
#endif

}  // namespace fz_k0_v7
namespace fz_k1_v0 {
#line 1 "fz_k1_v0.cu"
// Row softmax, one block per row of 256: a warp-shuffle max and sum, the
// warps' partials in a small shared array, lane 0 of warp 0 finishing them.
// exp is a polynomial helper (the host oracle has no libm).
// launch: rt4_01_softmax 4 128x1
#define THREADS 128
#define COLS 256
__device__ __forceinline__ float poly_exp(float x) {
    x = max(x, -8.0f);
    const float t = 1.0f + x / 16.0f;
    float r = t * t;
    r = r * r;
    r = r * r;
    return r * r;
}
__device__ float warp_max(float v) {
    for (int o = 16; o > 0; o >>= 1) v = max(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}
__device__ float warp_sum(float v) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}
__global__ void rt4_01_softmax(const int *in, int *out, int p) {
    __shared__ float partial[THREADS / 32];
    __shared__ float row_stat;
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    float x[COLS / THREADS];
    float m = -1e30f;
#pragma unroll
    for (int i = 0; i < COLS / THREADS; ++i) {
        x[i] = (float)(in[(blockIdx.x * COLS + tid + i * THREADS) & 4095] & 255) / 32.0f;
        m = max(m, x[i]);
    }
    m = warp_max(m);
    if (lane == 0) partial[warp] = m;
    __syncthreads();
    if (tid == 0) {
        float r = partial[0];
        for (int w = 1; w < THREADS / 32; ++w) r = max(r, partial[w]);
        row_stat = r;
    }
    __syncthreads();
    m = row_stat;
    float s = 0.0f;
#pragma unroll
    for (int i = 0; i < COLS / THREADS; ++i) {
        x[i] = poly_exp(x[i] - m);
        s += x[i];
    }
    s = warp_sum(s);
    __syncthreads();
    if (lane == 0) partial[warp] = s;
    __syncthreads();
    if (tid == 0) {
        float r = 0.0f;
        for (int w = 0; w < THREADS / 32; ++w) r += partial[w];
        row_stat = r;
    }
    __syncthreads();
    const float inv = 1.0f / row_stat;
#pragma unroll
    for (int i = 0; i < COLS / THREADS; ++i) out[blockIdx.x * COLS + tid + i * THREADS] = __float_as_int(x[i] * inv);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_01_softmax<<<4, THREADS>>>(in, out, 0); }
#endif

}  // namespace fz_k1_v0
namespace fz_k1_v1 {
#line 1 "fz_k1_v1.cu"
// Row softmax, one block per row of 256: a warp-shuffle max and sum, the
// warps' partials in a small shared array, lane 0 of warp 0 finishing them.
// exp is a polynomial helper (the host oracle has no libm).
// launch: rt4_01_softmax 4 128x1
#define THREADS 128
#define COLS 256
__device__ __forceinline__ float poly_exp(float x) {
    x = max(x, -8.0f);
    const float t = 1.0f + x / 16.0f;
    float r = t * t;
    r = r * r;
    r = r * r;
    return r * r;
}
__device__ float warp_max(float v) {
    for (int o = 16; o > 0; o >>= 1) v = max(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}
__device__ float warp_sum(float v) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}
__global__ void rt4_01_softmax(const int *in, int *out, int p) {
    __shared__ float partial[THREADS / 32];
    __shared__ float row_stat;
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    float x[COLS / THREADS];
    float m = -1e30f;
#pragma unroll
    for (int i = 0; i < COLS / THREADS; ++i) {
        x[i] = (float)(in[(blockIdx.x * COLS + tid + i * THREADS) & 4095] & 255) / 32.0f;
        m = max(m, x[i]);
    }
    m = warp_max(m);
    if (lane == 0) partial[warp] = m;
    __syncthreads();
    if (tid == 0) {
        float r = partial[0];
        for (int w = 1; w < THREADS / 32; ++w) r = max(r, partial[w]);
        row_stat = r;
    }
    __syncthreads();
    m = row_stat;
    float s = 0.0f;
#pragma unroll
    for (int i = 0; i < COLS / THREADS; ++i) {
        x[i] = poly_exp(x[i] - m);
        s += x[i];
    }
    s = warp_sum(s);
    __syncthreads();
    if (lane == 0) partial[warp] = s;
    __syncthreads();
    if (tid == 0) {
        float r = 0.0f;
        for (int w = 0; w < THREADS / 32; ++w) r += partial[w];
        row_stat = r;
    }
    __syncthreads();
    const float inv = 1.0f / row_stat;
#pragma unroll
    for (int i = 0; i < COLS / THREADS; ++i) out[blockIdx.x * COLS + tid + i * THREADS] = __float_as_int(x[i] * inv);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_01_softmax<<<4, THREADS>>>(in, out, 0); }
#endif

}  // namespace fz_k1_v1
namespace fz_k2_v0 {
#line 1 "fz_k2_v0.cu"
// LayerNorm over rows of 512, 256 threads a row: each thread two elements,
// a block reduction (shuffles, then per-warp partials in shared), mean then
// variance, gamma and beta staged in shared memory by a cooperative loop.
// launch: rt4_02_layernorm 4 256x1
constexpr int kCols = 512;
constexpr int kThreads = 256;
__device__ float block_sum(float v, float *partials) {
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
#pragma unroll
    for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
    if (lane == 0) partials[warp] = v;
    __syncthreads();
    float total = 0.0f;
    for (int w = 0; w < kThreads / 32; ++w) total += partials[w];
    __syncthreads();
    return total;
}
__global__ void rt4_02_layernorm(const int *in, int *out, int p) {
    __shared__ float partials[kThreads / 32];
    __shared__ float gamma[kCols], beta[kCols];
    for (int i = threadIdx.x; i < kCols; i += blockDim.x) {
        gamma[i] = 1.0f + (float)(i & 7) / 8.0f;
        beta[i] = (float)(i % 5);
    }
    const int row = blockIdx.x;
    float a = (float)(in[(row * kCols + threadIdx.x) & 4095] & 1023);
    float b = (float)(in[(row * kCols + threadIdx.x + kThreads) & 4095] & 1023);
    const float mean = block_sum(a + b, partials) / kCols;
    a -= mean;
    b -= mean;
    const float var = block_sum(a * a + b * b, partials) / kCols;
    const float inv = 1.0f / (var + 1.0f);
    out[row * kCols + threadIdx.x] = __float_as_int(a * inv * gamma[threadIdx.x] + beta[threadIdx.x]);
    out[row * kCols + threadIdx.x + kThreads] =
        __float_as_int(b * inv * gamma[threadIdx.x + kThreads] + beta[threadIdx.x + kThreads]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_02_layernorm<<<4, kThreads>>>(in, out, 0); }
#endif

}  // namespace fz_k2_v0
namespace fz_k2_v1 {
#line 1 "fz_k2_v1.cu"
// LayerNorm over rows of 512, 256 threads a row: each thread two elements,
// a block reduction (shuffles, then per-warp partials in shared), mean then
// variance, gamma and beta staged in shared memory by a cooperative loop.
// launch: rt4_02_layernorm 4 256x1
constexpr int kCols = 512;
constexpr int kThreads = 256;
__device__ float block_sum(float v, float *partials) {
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
#pragma unroll
    for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
    if (lane == 0) partials[warp] = v;
    __syncthreads();
    float total = 0.0f;
    for (int w = 0; w < kThreads / 32; ++w) total += partials[w];
    __syncthreads();
    return total;
}
__global__ void rt4_02_layernorm(const int *in, int *out, int p) {
    __shared__ float partials[kThreads / 32];
    __shared__ float gamma[kCols], beta[kCols];
    for (int i = threadIdx.x; i < kCols; i += blockDim.x) {
        gamma[i] = 1.0f + (float)(i & 7) / 8.0f;
        beta[i] = (float)(i % 5);
    }
    const int row = blockIdx.x;
    float a = (float)(in[(row * kCols + threadIdx.x) & 4095] & 1023);
    float b = (float)(in[(row * kCols + threadIdx.x + kThreads) & 4095] & 1023);
    const float mean = block_sum(a + b, partials) / kCols;
    a -= mean;
    b -= mean;
    const float var = block_sum(a * a + b * b, partials) / kCols;
    const float inv = 1.0f / (var + 1.0f);
    out[row * kCols + threadIdx.x] = __float_as_int(a * inv * gamma[threadIdx.x] + beta[threadIdx.x]);
    out[row * kCols + threadIdx.x + kThreads] =
        __float_as_int(b * inv * gamma[threadIdx.x + kThreads] + beta[threadIdx.x + kThreads]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_02_layernorm<<<4, kThreads>>>(in, out, 0); }
#endif

}  // namespace fz_k2_v1
namespace fz_k2_v2 {
#line 1 "fz_k2_v2.cu"
/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'gamma' in 'rt4_02_layernorm': xor (xor Swizzle<4,0,5> on 512 elements); only where blockDim is 256x1x1, as written elsewhere
 *   'beta' in 'rt4_02_layernorm': xor (xor Swizzle<4,0,5> on 512 elements); only where blockDim is 256x1x1, as written elsewhere
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt4_02_layernorm_two_pass/rt4_02_layernorm_two_pass.cu --strategy xor --seed 1
 */

__device__ __forceinline__ bool __rapcc_gamma_279256a8_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4196608u); }
__device__ __forceinline__ unsigned int __rapcc_gamma_279256a8_map(unsigned int i0) { return i0 ^ (((i0 >> 5u) & 15u) << 0u); }
__device__ __forceinline__ unsigned int __rapcc_gamma_279256a8_map_on(unsigned int i0) { return __rapcc_gamma_279256a8_on() ? __rapcc_gamma_279256a8_map(i0) : i0; }
__device__ __forceinline__ bool __rapcc_beta_3b400cbc_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4196608u); }
__device__ __forceinline__ unsigned int __rapcc_beta_3b400cbc_map(unsigned int i0) { return i0 ^ (((i0 >> 5u) & 15u) << 0u); }
__device__ __forceinline__ unsigned int __rapcc_beta_3b400cbc_map_on(unsigned int i0) { return __rapcc_beta_3b400cbc_on() ? __rapcc_beta_3b400cbc_map(i0) : i0; }
#line 1 "/tmp/redteam_gpu/run/rt4_02_layernorm_two_pass/rt4_02_layernorm_two_pass.cu"
// LayerNorm over rows of 512, 256 threads a row: each thread two elements,
// a block reduction (shuffles, then per-warp partials in shared), mean then
// variance, gamma and beta staged in shared memory by a cooperative loop.
// launch: rt4_02_layernorm 4 256x1
constexpr int kCols = 512;
constexpr int kThreads = 256;
__device__ float block_sum(float v, float *partials) {
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
#pragma unroll
    for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
    if (lane == 0) partials[warp] = v;
    __syncthreads();
    float total = 0.0f;
    for (int w = 0; w < kThreads / 32; ++w) total += partials[w];
    __syncthreads();
    return total;
}
__global__ void rt4_02_layernorm(const int *in, int *out, int p) {
    __shared__ float partials[kThreads / 32];
    __shared__ float gamma[kCols], beta[kCols];
    for (int i = threadIdx.x; i < kCols; i += blockDim.x) {
        gamma[__rapcc_gamma_279256a8_map_on(i)] = 1.0f + (float)(i & 7) / 8.0f;
        beta[__rapcc_beta_3b400cbc_map_on(i)] = (float)(i % 5);
    }
    const int row = blockIdx.x;
    float a = (float)(in[(row * kCols + threadIdx.x) & 4095] & 1023);
    float b = (float)(in[(row * kCols + threadIdx.x + kThreads) & 4095] & 1023);
    const float mean = block_sum(a + b, partials) / kCols;
    a -= mean;
    b -= mean;
    const float var = block_sum(a * a + b * b, partials) / kCols;
    const float inv = 1.0f / (var + 1.0f);
    out[row * kCols + threadIdx.x] = __float_as_int(a * inv * gamma[__rapcc_gamma_279256a8_map_on(threadIdx.x)] + beta[__rapcc_beta_3b400cbc_map_on(threadIdx.x)]);
    out[row * kCols + threadIdx.x + kThreads] =
        __float_as_int(b * inv * gamma[__rapcc_gamma_279256a8_map_on(threadIdx.x + kThreads)] + beta[__rapcc_beta_3b400cbc_map_on(threadIdx.x + kThreads)]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_02_layernorm<<<4, kThreads>>>(in, out, 0); }
#endif

}  // namespace fz_k2_v2
namespace fz_k2_v3 {
#line 1 "fz_k2_v3.cu"
/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'gamma' in 'rt4_02_layernorm': rap (rap rows of 32, |p| = 32, seed 1); only where blockDim is 256x1x1, as written elsewhere
 *   'beta' in 'rt4_02_layernorm': rap (rap rows of 32, |p| = 32, seed 1); only where blockDim is 256x1x1, as written elsewhere
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt4_02_layernorm_two_pass/rt4_02_layernorm_two_pass.cu --strategy rap --seed 1
 */

__device__ __forceinline__ bool __rapcc_gamma_fbcb43aa_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4196608u); }
__device__ __forceinline__ unsigned int __rapcc_gamma_fbcb43aa_map(unsigned int i0) { return (i0 & ~31u) | ((i0 + (((((i0 >> 5u) & 31u) ^ 13u) * 29u + 11u) & 31u)) & 31u); }
__device__ __forceinline__ unsigned int __rapcc_gamma_fbcb43aa_map_on(unsigned int i0) { return __rapcc_gamma_fbcb43aa_on() ? __rapcc_gamma_fbcb43aa_map(i0) : i0; }
__device__ __forceinline__ bool __rapcc_beta_a8088e0f_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4196608u); }
__device__ __forceinline__ unsigned int __rapcc_beta_a8088e0f_map(unsigned int i0) { return (i0 & ~31u) | ((i0 + (((((i0 >> 5u) & 31u) ^ 17u) * 1u + 21u) & 31u)) & 31u); }
__device__ __forceinline__ unsigned int __rapcc_beta_a8088e0f_map_on(unsigned int i0) { return __rapcc_beta_a8088e0f_on() ? __rapcc_beta_a8088e0f_map(i0) : i0; }
#line 1 "/tmp/redteam_gpu/run/rt4_02_layernorm_two_pass/rt4_02_layernorm_two_pass.cu"
// LayerNorm over rows of 512, 256 threads a row: each thread two elements,
// a block reduction (shuffles, then per-warp partials in shared), mean then
// variance, gamma and beta staged in shared memory by a cooperative loop.
// launch: rt4_02_layernorm 4 256x1
constexpr int kCols = 512;
constexpr int kThreads = 256;
__device__ float block_sum(float v, float *partials) {
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
#pragma unroll
    for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
    if (lane == 0) partials[warp] = v;
    __syncthreads();
    float total = 0.0f;
    for (int w = 0; w < kThreads / 32; ++w) total += partials[w];
    __syncthreads();
    return total;
}
__global__ void rt4_02_layernorm(const int *in, int *out, int p) {
    __shared__ float partials[kThreads / 32];
    __shared__ float gamma[kCols], beta[kCols];
    for (int i = threadIdx.x; i < kCols; i += blockDim.x) {
        gamma[__rapcc_gamma_fbcb43aa_map_on(i)] = 1.0f + (float)(i & 7) / 8.0f;
        beta[__rapcc_beta_a8088e0f_map_on(i)] = (float)(i % 5);
    }
    const int row = blockIdx.x;
    float a = (float)(in[(row * kCols + threadIdx.x) & 4095] & 1023);
    float b = (float)(in[(row * kCols + threadIdx.x + kThreads) & 4095] & 1023);
    const float mean = block_sum(a + b, partials) / kCols;
    a -= mean;
    b -= mean;
    const float var = block_sum(a * a + b * b, partials) / kCols;
    const float inv = 1.0f / (var + 1.0f);
    out[row * kCols + threadIdx.x] = __float_as_int(a * inv * gamma[__rapcc_gamma_fbcb43aa_map_on(threadIdx.x)] + beta[__rapcc_beta_a8088e0f_map_on(threadIdx.x)]);
    out[row * kCols + threadIdx.x + kThreads] =
        __float_as_int(b * inv * gamma[__rapcc_gamma_fbcb43aa_map_on(threadIdx.x + kThreads)] + beta[__rapcc_beta_a8088e0f_map_on(threadIdx.x + kThreads)]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_02_layernorm<<<4, kThreads>>>(in, out, 0); }
#endif

}  // namespace fz_k2_v3
namespace fz_k3_v0 {
#line 1 "fz_k3_v0.cu"
// RMSNorm of 32 rows of 32 staged in a tile; each thread of a 32x8 block
// owns one row (tx) and walks it: tile[tx][j] is a 32-way bank conflict a
// layout change removes. A legal control.
// launch: rt4_03_rmsnorm 2 32x8
// expect: rewritten
#define N 32
__global__ void rt4_03_rmsnorm(const int *in, int *out, int p) {
    __shared__ float tile[N][N];
    __shared__ float inv_rms[N];
    const int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int r = ty; r < N; r += 8) tile[r][tx] = (float)(in[blockIdx.x * 1024 + r * N + tx] & 255);
    __syncthreads();
    if (ty == 0) {
        float ss = 0.0f;
        for (int j = 0; j < N; ++j) ss += tile[tx][j] * tile[tx][j];
        inv_rms[tx] = 1.0f / (ss / N + 1.0f);
    }
    __syncthreads();
#pragma unroll
    for (int r = ty; r < N; r += 8)
        out[blockIdx.x * 1024 + r * N + tx] = __float_as_int(tile[r][tx] * inv_rms[r]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_03_rmsnorm<<<2, dim3(N, 8)>>>(in, out, 0); }
#endif

}  // namespace fz_k3_v0
namespace fz_k3_v1 {
#line 1 "fz_k3_v1.cu"
// RMSNorm of 32 rows of 32 staged in a tile; each thread of a 32x8 block
// owns one row (tx) and walks it: tile[tx][j] is a 32-way bank conflict a
// layout change removes. A legal control.
// launch: rt4_03_rmsnorm 2 32x8
// expect: rewritten
#define N 32
__global__ void rt4_03_rmsnorm(const int *in, int *out, int p) {
    __shared__ float tile[N][N];
    __shared__ float inv_rms[N];
    const int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int r = ty; r < N; r += 8) tile[r][tx] = (float)(in[blockIdx.x * 1024 + r * N + tx] & 255);
    __syncthreads();
    if (ty == 0) {
        float ss = 0.0f;
        for (int j = 0; j < N; ++j) ss += tile[tx][j] * tile[tx][j];
        inv_rms[tx] = 1.0f / (ss / N + 1.0f);
    }
    __syncthreads();
#pragma unroll
    for (int r = ty; r < N; r += 8)
        out[blockIdx.x * 1024 + r * N + tx] = __float_as_int(tile[r][tx] * inv_rms[r]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_03_rmsnorm<<<2, dim3(N, 8)>>>(in, out, 0); }
#endif

}  // namespace fz_k3_v1
namespace fz_k3_v2 {
#line 1 "fz_k3_v2.cu"
/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'tile' in 'rt4_03_rmsnorm': bvxor (bvxor k1=0 k2=5 mask=31 on 10 bits (seed 004 §4.2, §5.1)); only where blockDim is 32x8x1, as written elsewhere
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt4_03_rmsnorm_rows_by_thread/rt4_03_rmsnorm_rows_by_thread.cu --strategy auto --seed 1
 */

__device__ __forceinline__ bool __rapcc_tile_3f362e54_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4210720u); }
__device__ __forceinline__ unsigned int __rapcc_tile_3f362e54_map(unsigned int i0, unsigned int i1) { return (i1 ^ i0); }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_tile_3f362e54_at(__rapcc_T (&__rapcc_a)[32][32], unsigned int i0, unsigned int i1) { return __rapcc_a[i0][__rapcc_tile_3f362e54_on() ? __rapcc_tile_3f362e54_map(i0, i1) : i1]; }
#line 1 "/tmp/redteam_gpu/run/rt4_03_rmsnorm_rows_by_thread/rt4_03_rmsnorm_rows_by_thread.cu"
// RMSNorm of 32 rows of 32 staged in a tile; each thread of a 32x8 block
// owns one row (tx) and walks it: tile[tx][j] is a 32-way bank conflict a
// layout change removes. A legal control.
// launch: rt4_03_rmsnorm 2 32x8
// expect: rewritten
#define N 32
__global__ void rt4_03_rmsnorm(const int *in, int *out, int p) {
    __shared__ float tile[N][N];
    __shared__ float inv_rms[N];
    const int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int r = ty; r < N; r += 8) __rapcc_tile_3f362e54_at(tile, r, tx) = (float)(in[blockIdx.x * 1024 + r * N + tx] & 255);
    __syncthreads();
    if (ty == 0) {
        float ss = 0.0f;
        for (int j = 0; j < N; ++j) ss += __rapcc_tile_3f362e54_at(tile, tx, j) * __rapcc_tile_3f362e54_at(tile, tx, j);
        inv_rms[tx] = 1.0f / (ss / N + 1.0f);
    }
    __syncthreads();
#pragma unroll
    for (int r = ty; r < N; r += 8)
        out[blockIdx.x * 1024 + r * N + tx] = __float_as_int(__rapcc_tile_3f362e54_at(tile, r, tx) * inv_rms[r]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_03_rmsnorm<<<2, dim3(N, 8)>>>(in, out, 0); }
#endif
/* rapcc: the layouts above were proved for these macro values; another build's -D values need another run */
#if (defined(N) && (N) != 32)
#error "rapcc: rewritten for N=32; rerun rapcc with this build's -D flags"
#endif

}  // namespace fz_k3_v2
namespace fz_k3_v3 {
#line 1 "fz_k3_v3.cu"
/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'tile' in 'rt4_03_rmsnorm': xor (xor Swizzle<5,0,0> on rows of 32); only where blockDim is 32x8x1, as written elsewhere
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt4_03_rmsnorm_rows_by_thread/rt4_03_rmsnorm_rows_by_thread.cu --strategy xor --seed 1
 */

__device__ __forceinline__ bool __rapcc_tile_46786abc_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4210720u); }
__device__ __forceinline__ unsigned int __rapcc_tile_46786abc_map(unsigned int i0, unsigned int i1) { return i1 ^ ((i0 & 31u) << 0u); }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_tile_46786abc_at(__rapcc_T (&__rapcc_a)[32][32], unsigned int i0, unsigned int i1) { return __rapcc_a[i0][__rapcc_tile_46786abc_on() ? __rapcc_tile_46786abc_map(i0, i1) : i1]; }
#line 1 "/tmp/redteam_gpu/run/rt4_03_rmsnorm_rows_by_thread/rt4_03_rmsnorm_rows_by_thread.cu"
// RMSNorm of 32 rows of 32 staged in a tile; each thread of a 32x8 block
// owns one row (tx) and walks it: tile[tx][j] is a 32-way bank conflict a
// layout change removes. A legal control.
// launch: rt4_03_rmsnorm 2 32x8
// expect: rewritten
#define N 32
__global__ void rt4_03_rmsnorm(const int *in, int *out, int p) {
    __shared__ float tile[N][N];
    __shared__ float inv_rms[N];
    const int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int r = ty; r < N; r += 8) __rapcc_tile_46786abc_at(tile, r, tx) = (float)(in[blockIdx.x * 1024 + r * N + tx] & 255);
    __syncthreads();
    if (ty == 0) {
        float ss = 0.0f;
        for (int j = 0; j < N; ++j) ss += __rapcc_tile_46786abc_at(tile, tx, j) * __rapcc_tile_46786abc_at(tile, tx, j);
        inv_rms[tx] = 1.0f / (ss / N + 1.0f);
    }
    __syncthreads();
#pragma unroll
    for (int r = ty; r < N; r += 8)
        out[blockIdx.x * 1024 + r * N + tx] = __float_as_int(__rapcc_tile_46786abc_at(tile, r, tx) * inv_rms[r]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_03_rmsnorm<<<2, dim3(N, 8)>>>(in, out, 0); }
#endif
/* rapcc: the layouts above were proved for these macro values; another build's -D values need another run */
#if (defined(N) && (N) != 32)
#error "rapcc: rewritten for N=32; rerun rapcc with this build's -D flags"
#endif

}  // namespace fz_k3_v3
namespace fz_k3_v4 {
#line 1 "fz_k3_v4.cu"
/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'tile' in 'rt4_03_rmsnorm': rap (rap shift by p(row), |p| = 32, seed 1); only where blockDim is 32x8x1, as written elsewhere
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt4_03_rmsnorm_rows_by_thread/rt4_03_rmsnorm_rows_by_thread.cu --strategy rap --seed 1
 */

__device__ __forceinline__ bool __rapcc_tile_5ba0e436_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4210720u); }
__device__ __forceinline__ unsigned int __rapcc_tile_5ba0e436_map(unsigned int i0, unsigned int i1) { return (i1 + ((((i0 & 31u) ^ 13u) * 17u + 14u) & 31u)) & 31u; }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_tile_5ba0e436_at(__rapcc_T (&__rapcc_a)[32][32], unsigned int i0, unsigned int i1) { return __rapcc_a[i0][__rapcc_tile_5ba0e436_on() ? __rapcc_tile_5ba0e436_map(i0, i1) : i1]; }
#line 1 "/tmp/redteam_gpu/run/rt4_03_rmsnorm_rows_by_thread/rt4_03_rmsnorm_rows_by_thread.cu"
// RMSNorm of 32 rows of 32 staged in a tile; each thread of a 32x8 block
// owns one row (tx) and walks it: tile[tx][j] is a 32-way bank conflict a
// layout change removes. A legal control.
// launch: rt4_03_rmsnorm 2 32x8
// expect: rewritten
#define N 32
__global__ void rt4_03_rmsnorm(const int *in, int *out, int p) {
    __shared__ float tile[N][N];
    __shared__ float inv_rms[N];
    const int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int r = ty; r < N; r += 8) __rapcc_tile_5ba0e436_at(tile, r, tx) = (float)(in[blockIdx.x * 1024 + r * N + tx] & 255);
    __syncthreads();
    if (ty == 0) {
        float ss = 0.0f;
        for (int j = 0; j < N; ++j) ss += __rapcc_tile_5ba0e436_at(tile, tx, j) * __rapcc_tile_5ba0e436_at(tile, tx, j);
        inv_rms[tx] = 1.0f / (ss / N + 1.0f);
    }
    __syncthreads();
#pragma unroll
    for (int r = ty; r < N; r += 8)
        out[blockIdx.x * 1024 + r * N + tx] = __float_as_int(__rapcc_tile_5ba0e436_at(tile, r, tx) * inv_rms[r]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_03_rmsnorm<<<2, dim3(N, 8)>>>(in, out, 0); }
#endif
/* rapcc: the layouts above were proved for these macro values; another build's -D values need another run */
#if (defined(N) && (N) != 32)
#error "rapcc: rewritten for N=32; rerun rapcc with this build's -D flags"
#endif

}  // namespace fz_k3_v4
namespace fz_k3_v5 {
#line 1 "fz_k3_v5.cu"
/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'tile' in 'rt4_03_rmsnorm': bvxor (bvxor k1=0 k2=5 mask=31 on 10 bits (seed 004 §4.2, §5.1)); only where blockDim is 32x8x1, as written elsewhere
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt4_03_rmsnorm_rows_by_thread/rt4_03_rmsnorm_rows_by_thread.cu --strategy bvxor --seed 1
 */

__device__ __forceinline__ bool __rapcc_tile_3f362e54_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4210720u); }
__device__ __forceinline__ unsigned int __rapcc_tile_3f362e54_map(unsigned int i0, unsigned int i1) { return (i1 ^ i0); }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_tile_3f362e54_at(__rapcc_T (&__rapcc_a)[32][32], unsigned int i0, unsigned int i1) { return __rapcc_a[i0][__rapcc_tile_3f362e54_on() ? __rapcc_tile_3f362e54_map(i0, i1) : i1]; }
#line 1 "/tmp/redteam_gpu/run/rt4_03_rmsnorm_rows_by_thread/rt4_03_rmsnorm_rows_by_thread.cu"
// RMSNorm of 32 rows of 32 staged in a tile; each thread of a 32x8 block
// owns one row (tx) and walks it: tile[tx][j] is a 32-way bank conflict a
// layout change removes. A legal control.
// launch: rt4_03_rmsnorm 2 32x8
// expect: rewritten
#define N 32
__global__ void rt4_03_rmsnorm(const int *in, int *out, int p) {
    __shared__ float tile[N][N];
    __shared__ float inv_rms[N];
    const int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int r = ty; r < N; r += 8) __rapcc_tile_3f362e54_at(tile, r, tx) = (float)(in[blockIdx.x * 1024 + r * N + tx] & 255);
    __syncthreads();
    if (ty == 0) {
        float ss = 0.0f;
        for (int j = 0; j < N; ++j) ss += __rapcc_tile_3f362e54_at(tile, tx, j) * __rapcc_tile_3f362e54_at(tile, tx, j);
        inv_rms[tx] = 1.0f / (ss / N + 1.0f);
    }
    __syncthreads();
#pragma unroll
    for (int r = ty; r < N; r += 8)
        out[blockIdx.x * 1024 + r * N + tx] = __float_as_int(__rapcc_tile_3f362e54_at(tile, r, tx) * inv_rms[r]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_03_rmsnorm<<<2, dim3(N, 8)>>>(in, out, 0); }
#endif
/* rapcc: the layouts above were proved for these macro values; another build's -D values need another run */
#if (defined(N) && (N) != 32)
#error "rapcc: rewritten for N=32; rerun rapcc with this build's -D flags"
#endif

}  // namespace fz_k3_v5
namespace fz_k3_v6 {
#line 1 "fz_k3_v6.cu"
/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'tile' in 'rt4_03_rmsnorm': bwxor (bwxor MIH (0^5) (1^6) (2^7) (3^8) (4^9) (seed 004 §4.4, §5.2.2)); only where blockDim is 32x8x1, as written elsewhere
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt4_03_rmsnorm_rows_by_thread/rt4_03_rmsnorm_rows_by_thread.cu --strategy bwxor --seed 1
 */

__device__ __forceinline__ bool __rapcc_tile_3f362e54_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4210720u); }
__device__ __forceinline__ unsigned int __rapcc_tile_3f362e54_map(unsigned int i0, unsigned int i1) { return (i1 ^ i0); }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_tile_3f362e54_at(__rapcc_T (&__rapcc_a)[32][32], unsigned int i0, unsigned int i1) { return __rapcc_a[i0][__rapcc_tile_3f362e54_on() ? __rapcc_tile_3f362e54_map(i0, i1) : i1]; }
#line 1 "/tmp/redteam_gpu/run/rt4_03_rmsnorm_rows_by_thread/rt4_03_rmsnorm_rows_by_thread.cu"
// RMSNorm of 32 rows of 32 staged in a tile; each thread of a 32x8 block
// owns one row (tx) and walks it: tile[tx][j] is a 32-way bank conflict a
// layout change removes. A legal control.
// launch: rt4_03_rmsnorm 2 32x8
// expect: rewritten
#define N 32
__global__ void rt4_03_rmsnorm(const int *in, int *out, int p) {
    __shared__ float tile[N][N];
    __shared__ float inv_rms[N];
    const int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int r = ty; r < N; r += 8) __rapcc_tile_3f362e54_at(tile, r, tx) = (float)(in[blockIdx.x * 1024 + r * N + tx] & 255);
    __syncthreads();
    if (ty == 0) {
        float ss = 0.0f;
        for (int j = 0; j < N; ++j) ss += __rapcc_tile_3f362e54_at(tile, tx, j) * __rapcc_tile_3f362e54_at(tile, tx, j);
        inv_rms[tx] = 1.0f / (ss / N + 1.0f);
    }
    __syncthreads();
#pragma unroll
    for (int r = ty; r < N; r += 8)
        out[blockIdx.x * 1024 + r * N + tx] = __float_as_int(__rapcc_tile_3f362e54_at(tile, r, tx) * inv_rms[r]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_03_rmsnorm<<<2, dim3(N, 8)>>>(in, out, 0); }
#endif
/* rapcc: the layouts above were proved for these macro values; another build's -D values need another run */
#if (defined(N) && (N) != 32)
#error "rapcc: rewritten for N=32; rerun rapcc with this build's -D flags"
#endif

}  // namespace fz_k3_v6
namespace fz_k3_v7 {
#line 1 "fz_k3_v7.cu"
/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'tile' in 'rt4_03_rmsnorm': swizzle (swizzle Swizzle<5,0,5> on rows of 32, F2-linear (2 of 2 access sets linear; optimal; Linear Layouts §5.4)); only where blockDim is 32x8x1, as written elsewhere
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt4_03_rmsnorm_rows_by_thread/rt4_03_rmsnorm_rows_by_thread.cu --strategy swizzle --seed 1
 */

__device__ __forceinline__ bool __rapcc_tile_3f362e54_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4210720u); }
__device__ __forceinline__ unsigned int __rapcc_tile_3f362e54_map(unsigned int i0, unsigned int i1) { return (i1 ^ i0); }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_tile_3f362e54_at(__rapcc_T (&__rapcc_a)[32][32], unsigned int i0, unsigned int i1) { return __rapcc_a[i0][__rapcc_tile_3f362e54_on() ? __rapcc_tile_3f362e54_map(i0, i1) : i1]; }
#line 1 "/tmp/redteam_gpu/run/rt4_03_rmsnorm_rows_by_thread/rt4_03_rmsnorm_rows_by_thread.cu"
// RMSNorm of 32 rows of 32 staged in a tile; each thread of a 32x8 block
// owns one row (tx) and walks it: tile[tx][j] is a 32-way bank conflict a
// layout change removes. A legal control.
// launch: rt4_03_rmsnorm 2 32x8
// expect: rewritten
#define N 32
__global__ void rt4_03_rmsnorm(const int *in, int *out, int p) {
    __shared__ float tile[N][N];
    __shared__ float inv_rms[N];
    const int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int r = ty; r < N; r += 8) __rapcc_tile_3f362e54_at(tile, r, tx) = (float)(in[blockIdx.x * 1024 + r * N + tx] & 255);
    __syncthreads();
    if (ty == 0) {
        float ss = 0.0f;
        for (int j = 0; j < N; ++j) ss += __rapcc_tile_3f362e54_at(tile, tx, j) * __rapcc_tile_3f362e54_at(tile, tx, j);
        inv_rms[tx] = 1.0f / (ss / N + 1.0f);
    }
    __syncthreads();
#pragma unroll
    for (int r = ty; r < N; r += 8)
        out[blockIdx.x * 1024 + r * N + tx] = __float_as_int(__rapcc_tile_3f362e54_at(tile, r, tx) * inv_rms[r]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_03_rmsnorm<<<2, dim3(N, 8)>>>(in, out, 0); }
#endif
/* rapcc: the layouts above were proved for these macro values; another build's -D values need another run */
#if (defined(N) && (N) != 32)
#error "rapcc: rewritten for N=32; rerun rapcc with this build's -D flags"
#endif

}  // namespace fz_k3_v7
namespace fz_k4_v0 {
#line 1 "fz_k4_v0.cu"
// One tile of attention scores S = Q K^T (16 queries x 16 keys, head dim 64)
// with a row max and exp-sum for the online softmax. Ks[tx][k] with tx
// across the lanes is a 16-way conflict (rows of 64 floats): a legal control.
// launch: rt4_04_attention 2 16x16
// expect: rewritten
#define BQ 16
#define BK 16
#define HD 64
__global__ void rt4_04_attention(const int *in, int *out, int p) {
    __shared__ float Qs[BQ][HD];
    __shared__ float Ks[BK][HD];
    __shared__ float S[BQ][BK + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int base = blockIdx.x * 2048;
    for (int d = tx; d < HD; d += BK) {
        Qs[ty][d] = (float)(in[(base + ty * HD + d) & 4095] & 15) / 4.0f;
        Ks[ty][d] = (float)(in[(base + 1024 + ty * HD + d) & 4095] & 15) / 4.0f;
    }
    __syncthreads();
    float acc = 0.0f;
#pragma unroll 8
    for (int k = 0; k < HD; ++k) acc += Qs[ty][k] * Ks[tx][k];
    S[ty][tx] = acc * 0.125f;
    __syncthreads();
    float m = S[ty][0];
    for (int j = 1; j < BK; ++j) m = max(m, S[ty][j]);
    float l = 0.0f;
    for (int j = 0; j < BK; ++j) {
        const float t = 1.0f + (S[ty][j] - m) / 8.0f;
        l += t > 0.0f ? t * t : 0.0f;
    }
    out[blockIdx.x * 256 + ty * BK + tx] = __float_as_int((S[ty][tx] - m) / l);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    dim3 block(BK, BQ);
    rt4_04_attention<<<2, block>>>(in, out, 0);
}
#endif

}  // namespace fz_k4_v0
namespace fz_k4_v1 {
#line 1 "fz_k4_v1.cu"
// One tile of attention scores S = Q K^T (16 queries x 16 keys, head dim 64)
// with a row max and exp-sum for the online softmax. Ks[tx][k] with tx
// across the lanes is a 16-way conflict (rows of 64 floats): a legal control.
// launch: rt4_04_attention 2 16x16
// expect: rewritten
#define BQ 16
#define BK 16
#define HD 64
__global__ void rt4_04_attention(const int *in, int *out, int p) {
    __shared__ float Qs[BQ][HD];
    __shared__ float Ks[BK][HD];
    __shared__ float S[BQ][BK + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int base = blockIdx.x * 2048;
    for (int d = tx; d < HD; d += BK) {
        Qs[ty][d] = (float)(in[(base + ty * HD + d) & 4095] & 15) / 4.0f;
        Ks[ty][d] = (float)(in[(base + 1024 + ty * HD + d) & 4095] & 15) / 4.0f;
    }
    __syncthreads();
    float acc = 0.0f;
#pragma unroll 8
    for (int k = 0; k < HD; ++k) acc += Qs[ty][k] * Ks[tx][k];
    S[ty][tx] = acc * 0.125f;
    __syncthreads();
    float m = S[ty][0];
    for (int j = 1; j < BK; ++j) m = max(m, S[ty][j]);
    float l = 0.0f;
    for (int j = 0; j < BK; ++j) {
        const float t = 1.0f + (S[ty][j] - m) / 8.0f;
        l += t > 0.0f ? t * t : 0.0f;
    }
    out[blockIdx.x * 256 + ty * BK + tx] = __float_as_int((S[ty][tx] - m) / l);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    dim3 block(BK, BQ);
    rt4_04_attention<<<2, block>>>(in, out, 0);
}
#endif

}  // namespace fz_k4_v1
namespace fz_k4_v2 {
#line 1 "fz_k4_v2.cu"
/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'Qs' in 'rt4_04_attention': xor (xor Swizzle<1,4,0> on rows of 64); only where blockDim is 16x16x1, as written elsewhere
 *   'Ks' in 'rt4_04_attention': xor (xor Swizzle<4,0,0> on rows of 64); only where blockDim is 16x16x1, as written elsewhere
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt4_04_attention_qk_tile/rt4_04_attention_qk_tile.cu --strategy auto --seed 1
 */

__device__ __forceinline__ bool __rapcc_Qs_a79f91b1_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4227088u); }
__device__ __forceinline__ unsigned int __rapcc_Qs_a79f91b1_map(unsigned int i0, unsigned int i1) { return i1 ^ ((i0 & 1u) << 4u); }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_Qs_a79f91b1_at(__rapcc_T (&__rapcc_a)[16][64], unsigned int i0, unsigned int i1) { return __rapcc_a[i0][__rapcc_Qs_a79f91b1_on() ? __rapcc_Qs_a79f91b1_map(i0, i1) : i1]; }
__device__ __forceinline__ bool __rapcc_Ks_44957eb4_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4227088u); }
__device__ __forceinline__ unsigned int __rapcc_Ks_44957eb4_map(unsigned int i0, unsigned int i1) { return i1 ^ ((i0 & 15u) << 0u); }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_Ks_44957eb4_at(__rapcc_T (&__rapcc_a)[16][64], unsigned int i0, unsigned int i1) { return __rapcc_a[i0][__rapcc_Ks_44957eb4_on() ? __rapcc_Ks_44957eb4_map(i0, i1) : i1]; }
#line 1 "/tmp/redteam_gpu/run/rt4_04_attention_qk_tile/rt4_04_attention_qk_tile.cu"
// One tile of attention scores S = Q K^T (16 queries x 16 keys, head dim 64)
// with a row max and exp-sum for the online softmax. Ks[tx][k] with tx
// across the lanes is a 16-way conflict (rows of 64 floats): a legal control.
// launch: rt4_04_attention 2 16x16
// expect: rewritten
#define BQ 16
#define BK 16
#define HD 64
__global__ void rt4_04_attention(const int *in, int *out, int p) {
    __shared__ float Qs[BQ][HD];
    __shared__ float Ks[BK][HD];
    __shared__ float S[BQ][BK + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int base = blockIdx.x * 2048;
    for (int d = tx; d < HD; d += BK) {
        __rapcc_Qs_a79f91b1_at(Qs, ty, d) = (float)(in[(base + ty * HD + d) & 4095] & 15) / 4.0f;
        __rapcc_Ks_44957eb4_at(Ks, ty, d) = (float)(in[(base + 1024 + ty * HD + d) & 4095] & 15) / 4.0f;
    }
    __syncthreads();
    float acc = 0.0f;
#pragma unroll 8
    for (int k = 0; k < HD; ++k) acc += __rapcc_Qs_a79f91b1_at(Qs, ty, k) * __rapcc_Ks_44957eb4_at(Ks, tx, k);
    S[ty][tx] = acc * 0.125f;
    __syncthreads();
    float m = S[ty][0];
    for (int j = 1; j < BK; ++j) m = max(m, S[ty][j]);
    float l = 0.0f;
    for (int j = 0; j < BK; ++j) {
        const float t = 1.0f + (S[ty][j] - m) / 8.0f;
        l += t > 0.0f ? t * t : 0.0f;
    }
    out[blockIdx.x * 256 + ty * BK + tx] = __float_as_int((S[ty][tx] - m) / l);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    dim3 block(BK, BQ);
    rt4_04_attention<<<2, block>>>(in, out, 0);
}
#endif
/* rapcc: the layouts above were proved for these macro values; another build's -D values need another run */
#if (defined(BK) && (BK) != 16) || (defined(BQ) && (BQ) != 16) || (defined(HD) && (HD) != 64)
#error "rapcc: rewritten for BK=16, BQ=16, HD=64; rerun rapcc with this build's -D flags"
#endif

}  // namespace fz_k4_v2
namespace fz_k4_v3 {
#line 1 "fz_k4_v3.cu"
/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'Qs' in 'rt4_04_attention': xor (xor Swizzle<1,4,0> on rows of 64); only where blockDim is 16x16x1, as written elsewhere
 *   'Ks' in 'rt4_04_attention': xor (xor Swizzle<4,0,0> on rows of 64); only where blockDim is 16x16x1, as written elsewhere
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt4_04_attention_qk_tile/rt4_04_attention_qk_tile.cu --strategy xor --seed 1
 */

__device__ __forceinline__ bool __rapcc_Qs_a79f91b1_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4227088u); }
__device__ __forceinline__ unsigned int __rapcc_Qs_a79f91b1_map(unsigned int i0, unsigned int i1) { return i1 ^ ((i0 & 1u) << 4u); }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_Qs_a79f91b1_at(__rapcc_T (&__rapcc_a)[16][64], unsigned int i0, unsigned int i1) { return __rapcc_a[i0][__rapcc_Qs_a79f91b1_on() ? __rapcc_Qs_a79f91b1_map(i0, i1) : i1]; }
__device__ __forceinline__ bool __rapcc_Ks_44957eb4_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4227088u); }
__device__ __forceinline__ unsigned int __rapcc_Ks_44957eb4_map(unsigned int i0, unsigned int i1) { return i1 ^ ((i0 & 15u) << 0u); }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_Ks_44957eb4_at(__rapcc_T (&__rapcc_a)[16][64], unsigned int i0, unsigned int i1) { return __rapcc_a[i0][__rapcc_Ks_44957eb4_on() ? __rapcc_Ks_44957eb4_map(i0, i1) : i1]; }
#line 1 "/tmp/redteam_gpu/run/rt4_04_attention_qk_tile/rt4_04_attention_qk_tile.cu"
// One tile of attention scores S = Q K^T (16 queries x 16 keys, head dim 64)
// with a row max and exp-sum for the online softmax. Ks[tx][k] with tx
// across the lanes is a 16-way conflict (rows of 64 floats): a legal control.
// launch: rt4_04_attention 2 16x16
// expect: rewritten
#define BQ 16
#define BK 16
#define HD 64
__global__ void rt4_04_attention(const int *in, int *out, int p) {
    __shared__ float Qs[BQ][HD];
    __shared__ float Ks[BK][HD];
    __shared__ float S[BQ][BK + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int base = blockIdx.x * 2048;
    for (int d = tx; d < HD; d += BK) {
        __rapcc_Qs_a79f91b1_at(Qs, ty, d) = (float)(in[(base + ty * HD + d) & 4095] & 15) / 4.0f;
        __rapcc_Ks_44957eb4_at(Ks, ty, d) = (float)(in[(base + 1024 + ty * HD + d) & 4095] & 15) / 4.0f;
    }
    __syncthreads();
    float acc = 0.0f;
#pragma unroll 8
    for (int k = 0; k < HD; ++k) acc += __rapcc_Qs_a79f91b1_at(Qs, ty, k) * __rapcc_Ks_44957eb4_at(Ks, tx, k);
    S[ty][tx] = acc * 0.125f;
    __syncthreads();
    float m = S[ty][0];
    for (int j = 1; j < BK; ++j) m = max(m, S[ty][j]);
    float l = 0.0f;
    for (int j = 0; j < BK; ++j) {
        const float t = 1.0f + (S[ty][j] - m) / 8.0f;
        l += t > 0.0f ? t * t : 0.0f;
    }
    out[blockIdx.x * 256 + ty * BK + tx] = __float_as_int((S[ty][tx] - m) / l);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    dim3 block(BK, BQ);
    rt4_04_attention<<<2, block>>>(in, out, 0);
}
#endif
/* rapcc: the layouts above were proved for these macro values; another build's -D values need another run */
#if (defined(BK) && (BK) != 16) || (defined(BQ) && (BQ) != 16) || (defined(HD) && (HD) != 64)
#error "rapcc: rewritten for BK=16, BQ=16, HD=64; rerun rapcc with this build's -D flags"
#endif

}  // namespace fz_k4_v3
namespace fz_k4_v4 {
#line 1 "fz_k4_v4.cu"
/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'Qs' in 'rt4_04_attention': rap (rap shift by p(row), |p| = 32, seed 1); only where blockDim is 16x16x1, as written elsewhere
 *   'Ks' in 'rt4_04_attention': rap (rap shift by p(row), |p| = 32, seed 1); only where blockDim is 16x16x1, as written elsewhere
 *   'S' in 'rt4_04_attention': rap (rap shift by p(row), |p| = 16, seed 1); only where blockDim is 16x16x1, as written elsewhere
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt4_04_attention_qk_tile/rt4_04_attention_qk_tile.cu --strategy rap --seed 1
 */

__device__ __forceinline__ bool __rapcc_Qs_16e290fc_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4227088u); }
__device__ __forceinline__ unsigned int __rapcc_Qs_16e290fc_map(unsigned int i0, unsigned int i1) { return (i1 + ((((i0 & 31u) ^ 19u) * 27u + 1u) & 31u)) & 63u; }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_Qs_16e290fc_at(__rapcc_T (&__rapcc_a)[16][64], unsigned int i0, unsigned int i1) { return __rapcc_a[i0][__rapcc_Qs_16e290fc_on() ? __rapcc_Qs_16e290fc_map(i0, i1) : i1]; }
__device__ __forceinline__ bool __rapcc_Ks_3fe004c7_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4227088u); }
__device__ __forceinline__ unsigned int __rapcc_Ks_3fe004c7_map(unsigned int i0, unsigned int i1) { return (i1 + ((((i0 & 31u) ^ 2u) * 3u + 11u) & 31u)) & 63u; }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_Ks_3fe004c7_at(__rapcc_T (&__rapcc_a)[16][64], unsigned int i0, unsigned int i1) { return __rapcc_a[i0][__rapcc_Ks_3fe004c7_on() ? __rapcc_Ks_3fe004c7_map(i0, i1) : i1]; }
__device__ __forceinline__ bool __rapcc_S_bbf086ef_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4227088u); }
__device__ __forceinline__ unsigned int __rapcc_S_bbf086ef_map(unsigned int i0, unsigned int i1) { return (i1 + ((((i0 & 15u) ^ 6u) * 9u + 2u) & 15u)) % 17u; }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_S_bbf086ef_at(__rapcc_T (&__rapcc_a)[16][17], unsigned int i0, unsigned int i1) { return __rapcc_a[i0][__rapcc_S_bbf086ef_on() ? __rapcc_S_bbf086ef_map(i0, i1) : i1]; }
#line 1 "/tmp/redteam_gpu/run/rt4_04_attention_qk_tile/rt4_04_attention_qk_tile.cu"
// One tile of attention scores S = Q K^T (16 queries x 16 keys, head dim 64)
// with a row max and exp-sum for the online softmax. Ks[tx][k] with tx
// across the lanes is a 16-way conflict (rows of 64 floats): a legal control.
// launch: rt4_04_attention 2 16x16
// expect: rewritten
#define BQ 16
#define BK 16
#define HD 64
__global__ void rt4_04_attention(const int *in, int *out, int p) {
    __shared__ float Qs[BQ][HD];
    __shared__ float Ks[BK][HD];
    __shared__ float S[BQ][BK + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int base = blockIdx.x * 2048;
    for (int d = tx; d < HD; d += BK) {
        __rapcc_Qs_16e290fc_at(Qs, ty, d) = (float)(in[(base + ty * HD + d) & 4095] & 15) / 4.0f;
        __rapcc_Ks_3fe004c7_at(Ks, ty, d) = (float)(in[(base + 1024 + ty * HD + d) & 4095] & 15) / 4.0f;
    }
    __syncthreads();
    float acc = 0.0f;
#pragma unroll 8
    for (int k = 0; k < HD; ++k) acc += __rapcc_Qs_16e290fc_at(Qs, ty, k) * __rapcc_Ks_3fe004c7_at(Ks, tx, k);
    __rapcc_S_bbf086ef_at(S, ty, tx) = acc * 0.125f;
    __syncthreads();
    float m = __rapcc_S_bbf086ef_at(S, ty, 0);
    for (int j = 1; j < BK; ++j) m = max(m, __rapcc_S_bbf086ef_at(S, ty, j));
    float l = 0.0f;
    for (int j = 0; j < BK; ++j) {
        const float t = 1.0f + (__rapcc_S_bbf086ef_at(S, ty, j) - m) / 8.0f;
        l += t > 0.0f ? t * t : 0.0f;
    }
    out[blockIdx.x * 256 + ty * BK + tx] = __float_as_int((__rapcc_S_bbf086ef_at(S, ty, tx) - m) / l);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    dim3 block(BK, BQ);
    rt4_04_attention<<<2, block>>>(in, out, 0);
}
#endif
/* rapcc: the layouts above were proved for these macro values; another build's -D values need another run */
#if (defined(BK) && (BK) != 16) || (defined(BQ) && (BQ) != 16) || (defined(HD) && (HD) != 64)
#error "rapcc: rewritten for BK=16, BQ=16, HD=64; rerun rapcc with this build's -D flags"
#endif

}  // namespace fz_k4_v4
namespace fz_k4_v5 {
#line 1 "fz_k4_v5.cu"
/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'Qs' in 'rt4_04_attention': bvxor (bvxor k1=0 k2=2 mask=16 on 10 bits (seed 004 §4.2, §5.1)); only where blockDim is 16x16x1, as written elsewhere
 *   'Ks' in 'rt4_04_attention': bvxor (bvxor k1=0 k2=5 mask=30 on 10 bits (seed 004 §4.2, §5.1)); only where blockDim is 16x16x1, as written elsewhere
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt4_04_attention_qk_tile/rt4_04_attention_qk_tile.cu --strategy bvxor --seed 1
 */

__device__ __forceinline__ bool __rapcc_Qs_923bb38c_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4227088u); }
__device__ __forceinline__ unsigned int __rapcc_Qs_923bb38c_map(unsigned int i0, unsigned int i1) { return (i1 ^ ((i0 << 4u) & 16u)); }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_Qs_923bb38c_at(__rapcc_T (&__rapcc_a)[16][64], unsigned int i0, unsigned int i1) { return __rapcc_a[i0][__rapcc_Qs_923bb38c_on() ? __rapcc_Qs_923bb38c_map(i0, i1) : i1]; }
__device__ __forceinline__ bool __rapcc_Ks_1376c444_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4227088u); }
__device__ __forceinline__ unsigned int __rapcc_Ks_1376c444_map(unsigned int i0, unsigned int i1) { return (i1 ^ ((i0 << 1u) & 30u)); }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_Ks_1376c444_at(__rapcc_T (&__rapcc_a)[16][64], unsigned int i0, unsigned int i1) { return __rapcc_a[i0][__rapcc_Ks_1376c444_on() ? __rapcc_Ks_1376c444_map(i0, i1) : i1]; }
#line 1 "/tmp/redteam_gpu/run/rt4_04_attention_qk_tile/rt4_04_attention_qk_tile.cu"
// One tile of attention scores S = Q K^T (16 queries x 16 keys, head dim 64)
// with a row max and exp-sum for the online softmax. Ks[tx][k] with tx
// across the lanes is a 16-way conflict (rows of 64 floats): a legal control.
// launch: rt4_04_attention 2 16x16
// expect: rewritten
#define BQ 16
#define BK 16
#define HD 64
__global__ void rt4_04_attention(const int *in, int *out, int p) {
    __shared__ float Qs[BQ][HD];
    __shared__ float Ks[BK][HD];
    __shared__ float S[BQ][BK + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int base = blockIdx.x * 2048;
    for (int d = tx; d < HD; d += BK) {
        __rapcc_Qs_923bb38c_at(Qs, ty, d) = (float)(in[(base + ty * HD + d) & 4095] & 15) / 4.0f;
        __rapcc_Ks_1376c444_at(Ks, ty, d) = (float)(in[(base + 1024 + ty * HD + d) & 4095] & 15) / 4.0f;
    }
    __syncthreads();
    float acc = 0.0f;
#pragma unroll 8
    for (int k = 0; k < HD; ++k) acc += __rapcc_Qs_923bb38c_at(Qs, ty, k) * __rapcc_Ks_1376c444_at(Ks, tx, k);
    S[ty][tx] = acc * 0.125f;
    __syncthreads();
    float m = S[ty][0];
    for (int j = 1; j < BK; ++j) m = max(m, S[ty][j]);
    float l = 0.0f;
    for (int j = 0; j < BK; ++j) {
        const float t = 1.0f + (S[ty][j] - m) / 8.0f;
        l += t > 0.0f ? t * t : 0.0f;
    }
    out[blockIdx.x * 256 + ty * BK + tx] = __float_as_int((S[ty][tx] - m) / l);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    dim3 block(BK, BQ);
    rt4_04_attention<<<2, block>>>(in, out, 0);
}
#endif
/* rapcc: the layouts above were proved for these macro values; another build's -D values need another run */
#if (defined(BK) && (BK) != 16) || (defined(BQ) && (BQ) != 16) || (defined(HD) && (HD) != 64)
#error "rapcc: rewritten for BK=16, BQ=16, HD=64; rerun rapcc with this build's -D flags"
#endif

}  // namespace fz_k4_v5
namespace fz_k4_v6 {
#line 1 "fz_k4_v6.cu"
/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'Qs' in 'rt4_04_attention': bwxor (bwxor MIH (0^4) (0^6) (1) (2) (3) (seed 004 §4.4, §5.2.2)); only where blockDim is 16x16x1, as written elsewhere
 *   'Ks' in 'rt4_04_attention': bwxor (bwxor MIH (0^4) (0^6) (1^7) (2^8) (3^9) (seed 004 §4.4, §5.2.2)); only where blockDim is 16x16x1, as written elsewhere
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt4_04_attention_qk_tile/rt4_04_attention_qk_tile.cu --strategy bwxor --seed 1
 */

__device__ __forceinline__ bool __rapcc_Qs_ef7d7223_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4227088u); }
__device__ __forceinline__ unsigned int __rapcc_Qs_ef7d7223_map(unsigned int i0, unsigned int i1) { return ((i1 & 33u) ^ ((i1 << 1u) & 30u) ^ ((i1 >> 4u) & 1u) ^ ((i0 << 1u) & 2u)); }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_Qs_ef7d7223_at(__rapcc_T (&__rapcc_a)[16][64], unsigned int i0, unsigned int i1) { return __rapcc_a[i0][__rapcc_Qs_ef7d7223_on() ? __rapcc_Qs_ef7d7223_map(i0, i1) : i1]; }
__device__ __forceinline__ bool __rapcc_Ks_d5311b37_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4227088u); }
__device__ __forceinline__ unsigned int __rapcc_Ks_d5311b37_map(unsigned int i0, unsigned int i1) { return ((i1 & 33u) ^ ((i1 << 1u) & 30u) ^ ((i1 >> 4u) & 1u) ^ ((i0 << 1u) & 30u)); }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_Ks_d5311b37_at(__rapcc_T (&__rapcc_a)[16][64], unsigned int i0, unsigned int i1) { return __rapcc_a[i0][__rapcc_Ks_d5311b37_on() ? __rapcc_Ks_d5311b37_map(i0, i1) : i1]; }
#line 1 "/tmp/redteam_gpu/run/rt4_04_attention_qk_tile/rt4_04_attention_qk_tile.cu"
// One tile of attention scores S = Q K^T (16 queries x 16 keys, head dim 64)
// with a row max and exp-sum for the online softmax. Ks[tx][k] with tx
// across the lanes is a 16-way conflict (rows of 64 floats): a legal control.
// launch: rt4_04_attention 2 16x16
// expect: rewritten
#define BQ 16
#define BK 16
#define HD 64
__global__ void rt4_04_attention(const int *in, int *out, int p) {
    __shared__ float Qs[BQ][HD];
    __shared__ float Ks[BK][HD];
    __shared__ float S[BQ][BK + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int base = blockIdx.x * 2048;
    for (int d = tx; d < HD; d += BK) {
        __rapcc_Qs_ef7d7223_at(Qs, ty, d) = (float)(in[(base + ty * HD + d) & 4095] & 15) / 4.0f;
        __rapcc_Ks_d5311b37_at(Ks, ty, d) = (float)(in[(base + 1024 + ty * HD + d) & 4095] & 15) / 4.0f;
    }
    __syncthreads();
    float acc = 0.0f;
#pragma unroll 8
    for (int k = 0; k < HD; ++k) acc += __rapcc_Qs_ef7d7223_at(Qs, ty, k) * __rapcc_Ks_d5311b37_at(Ks, tx, k);
    S[ty][tx] = acc * 0.125f;
    __syncthreads();
    float m = S[ty][0];
    for (int j = 1; j < BK; ++j) m = max(m, S[ty][j]);
    float l = 0.0f;
    for (int j = 0; j < BK; ++j) {
        const float t = 1.0f + (S[ty][j] - m) / 8.0f;
        l += t > 0.0f ? t * t : 0.0f;
    }
    out[blockIdx.x * 256 + ty * BK + tx] = __float_as_int((S[ty][tx] - m) / l);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    dim3 block(BK, BQ);
    rt4_04_attention<<<2, block>>>(in, out, 0);
}
#endif
/* rapcc: the layouts above were proved for these macro values; another build's -D values need another run */
#if (defined(BK) && (BK) != 16) || (defined(BQ) && (BQ) != 16) || (defined(HD) && (HD) != 64)
#error "rapcc: rewritten for BK=16, BQ=16, HD=64; rerun rapcc with this build's -D flags"
#endif

}  // namespace fz_k4_v6
namespace fz_k4_v7 {
#line 1 "fz_k4_v7.cu"
/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'Qs' in 'rt4_04_attention': swizzle (swizzle Swizzle<1,4,2> on rows of 64, F2-linear (2 of 2 access sets linear; optimal; Linear Layouts §5.4)); only where blockDim is 16x16x1, as written elsewhere
 *   'Ks' in 'rt4_04_attention': swizzle (swizzle XOR bits 6->0b10000, 7->0b10, 8->0b100, 9->0b1000 (unit bit -> bank bits) on rows of 64, F2-linear (2 of 2 access sets linear; optimal; Linear Layouts §5.4)); only where blockDim is 16x16x1, as written elsewhere
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt4_04_attention_qk_tile/rt4_04_attention_qk_tile.cu --strategy swizzle --seed 1
 */

__device__ __forceinline__ bool __rapcc_Qs_923bb38c_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4227088u); }
__device__ __forceinline__ unsigned int __rapcc_Qs_923bb38c_map(unsigned int i0, unsigned int i1) { return (i1 ^ ((i0 << 4u) & 16u)); }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_Qs_923bb38c_at(__rapcc_T (&__rapcc_a)[16][64], unsigned int i0, unsigned int i1) { return __rapcc_a[i0][__rapcc_Qs_923bb38c_on() ? __rapcc_Qs_923bb38c_map(i0, i1) : i1]; }
__device__ __forceinline__ bool __rapcc_Ks_2ec97dc1_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4227088u); }
__device__ __forceinline__ unsigned int __rapcc_Ks_2ec97dc1_map(unsigned int i0, unsigned int i1) { return (i1 ^ ((i0 << 4u) & 16u) ^ (i0 & 14u)); }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_Ks_2ec97dc1_at(__rapcc_T (&__rapcc_a)[16][64], unsigned int i0, unsigned int i1) { return __rapcc_a[i0][__rapcc_Ks_2ec97dc1_on() ? __rapcc_Ks_2ec97dc1_map(i0, i1) : i1]; }
#line 1 "/tmp/redteam_gpu/run/rt4_04_attention_qk_tile/rt4_04_attention_qk_tile.cu"
// One tile of attention scores S = Q K^T (16 queries x 16 keys, head dim 64)
// with a row max and exp-sum for the online softmax. Ks[tx][k] with tx
// across the lanes is a 16-way conflict (rows of 64 floats): a legal control.
// launch: rt4_04_attention 2 16x16
// expect: rewritten
#define BQ 16
#define BK 16
#define HD 64
__global__ void rt4_04_attention(const int *in, int *out, int p) {
    __shared__ float Qs[BQ][HD];
    __shared__ float Ks[BK][HD];
    __shared__ float S[BQ][BK + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int base = blockIdx.x * 2048;
    for (int d = tx; d < HD; d += BK) {
        __rapcc_Qs_923bb38c_at(Qs, ty, d) = (float)(in[(base + ty * HD + d) & 4095] & 15) / 4.0f;
        __rapcc_Ks_2ec97dc1_at(Ks, ty, d) = (float)(in[(base + 1024 + ty * HD + d) & 4095] & 15) / 4.0f;
    }
    __syncthreads();
    float acc = 0.0f;
#pragma unroll 8
    for (int k = 0; k < HD; ++k) acc += __rapcc_Qs_923bb38c_at(Qs, ty, k) * __rapcc_Ks_2ec97dc1_at(Ks, tx, k);
    S[ty][tx] = acc * 0.125f;
    __syncthreads();
    float m = S[ty][0];
    for (int j = 1; j < BK; ++j) m = max(m, S[ty][j]);
    float l = 0.0f;
    for (int j = 0; j < BK; ++j) {
        const float t = 1.0f + (S[ty][j] - m) / 8.0f;
        l += t > 0.0f ? t * t : 0.0f;
    }
    out[blockIdx.x * 256 + ty * BK + tx] = __float_as_int((S[ty][tx] - m) / l);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    dim3 block(BK, BQ);
    rt4_04_attention<<<2, block>>>(in, out, 0);
}
#endif
/* rapcc: the layouts above were proved for these macro values; another build's -D values need another run */
#if (defined(BK) && (BK) != 16) || (defined(BQ) && (BQ) != 16) || (defined(HD) && (HD) != 64)
#error "rapcc: rewritten for BK=16, BQ=16, HD=64; rerun rapcc with this build's -D flags"
#endif

}  // namespace fz_k4_v7
namespace fz_k5_v0 {
#line 1 "fz_k5_v0.cu"
// A 16x16 GEMM tile with double buffering: As[stage][k][m] holds A K-major,
// written transposed from a row-major load (As[stage][tx][ty]: an 8-way
// store conflict), the next stage loaded into stage ^ 1 while this one is
// used. Kept by auto for a true reason: the conflict is on the stores alone
// (4 per thread), the 64 reads of As[stage][k][ty] are broadcasts, and under
// the blockDim guard an external kernel needs (no padding: another file may
// launch it) every swizzle's extra instructions on those reads cost more
// than the store conflict (--explain=all: none 768 < bvxor 887); xor, rap,
// bvxor, bwxor and swizzle rewrite it, and must keep its results.
// launch: rt4_05_gemm_db 2 16x16
#define T 16
#define KSTEPS 4
__global__ void rt4_05_gemm_db(const int *in, int *out, int p) {
    __shared__ float As[2][T][T];
    __shared__ float Bs[2][T][T];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int arow = blockIdx.x * T + ty;
    int stage = 0;
    As[stage][tx][ty] = (float)(in[(arow * 64 + tx) & 4095] & 15);
    Bs[stage][ty][tx] = (float)(in[(2048 + ty * 64 + tx) & 4095] & 15);
    __syncthreads();
    float acc = 0.0f;
    for (int kt = 0; kt < KSTEPS; ++kt) {
        if (kt + 1 < KSTEPS) {
            const int k0 = (kt + 1) * T;
            As[stage ^ 1][tx][ty] = (float)(in[(arow * 64 + k0 + tx) & 4095] & 15);
            Bs[stage ^ 1][ty][tx] = (float)(in[(2048 + (k0 + ty) * 64 + tx) & 4095] & 15);
        }
#pragma unroll
        for (int k = 0; k < T; ++k) acc += As[stage][k][ty] * Bs[stage][k][tx];
        stage ^= 1;
        __syncthreads();
    }
    out[blockIdx.x * 256 + ty * T + tx] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_05_gemm_db<<<2, dim3(T, T)>>>(in, out, 0); }
#endif

}  // namespace fz_k5_v0
namespace fz_k5_v1 {
#line 1 "fz_k5_v1.cu"
// A 16x16 GEMM tile with double buffering: As[stage][k][m] holds A K-major,
// written transposed from a row-major load (As[stage][tx][ty]: an 8-way
// store conflict), the next stage loaded into stage ^ 1 while this one is
// used. Kept by auto for a true reason: the conflict is on the stores alone
// (4 per thread), the 64 reads of As[stage][k][ty] are broadcasts, and under
// the blockDim guard an external kernel needs (no padding: another file may
// launch it) every swizzle's extra instructions on those reads cost more
// than the store conflict (--explain=all: none 768 < bvxor 887); xor, rap,
// bvxor, bwxor and swizzle rewrite it, and must keep its results.
// launch: rt4_05_gemm_db 2 16x16
#define T 16
#define KSTEPS 4
__global__ void rt4_05_gemm_db(const int *in, int *out, int p) {
    __shared__ float As[2][T][T];
    __shared__ float Bs[2][T][T];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int arow = blockIdx.x * T + ty;
    int stage = 0;
    As[stage][tx][ty] = (float)(in[(arow * 64 + tx) & 4095] & 15);
    Bs[stage][ty][tx] = (float)(in[(2048 + ty * 64 + tx) & 4095] & 15);
    __syncthreads();
    float acc = 0.0f;
    for (int kt = 0; kt < KSTEPS; ++kt) {
        if (kt + 1 < KSTEPS) {
            const int k0 = (kt + 1) * T;
            As[stage ^ 1][tx][ty] = (float)(in[(arow * 64 + k0 + tx) & 4095] & 15);
            Bs[stage ^ 1][ty][tx] = (float)(in[(2048 + (k0 + ty) * 64 + tx) & 4095] & 15);
        }
#pragma unroll
        for (int k = 0; k < T; ++k) acc += As[stage][k][ty] * Bs[stage][k][tx];
        stage ^= 1;
        __syncthreads();
    }
    out[blockIdx.x * 256 + ty * T + tx] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_05_gemm_db<<<2, dim3(T, T)>>>(in, out, 0); }
#endif

}  // namespace fz_k5_v1
namespace fz_k5_v2 {
#line 1 "fz_k5_v2.cu"
/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'As' in 'rt4_05_gemm_db': xor (xor Swizzle<4,0,0> on rows of 16); only where blockDim is 16x16x1, as written elsewhere
 *   'Bs' in 'rt4_05_gemm_db': xor (xor Swizzle<4,0,0> on rows of 16); only where blockDim is 16x16x1, as written elsewhere
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt4_05_gemm_double_buffer_kmajor/rt4_05_gemm_double_buffer_kmajor.cu --strategy xor --seed 1
 */

__device__ __forceinline__ bool __rapcc_As_a4afc6e5_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4227088u); }
__device__ __forceinline__ unsigned int __rapcc_As_a4afc6e5_map(unsigned int i0, unsigned int i1, unsigned int i2) { return i2 ^ ((i1 & 15u) << 0u); }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_As_a4afc6e5_at(__rapcc_T (&__rapcc_a)[2][16][16], unsigned int i0, unsigned int i1, unsigned int i2) { return __rapcc_a[i0][i1][__rapcc_As_a4afc6e5_on() ? __rapcc_As_a4afc6e5_map(i0, i1, i2) : i2]; }
__device__ __forceinline__ bool __rapcc_Bs_6c053347_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4227088u); }
__device__ __forceinline__ unsigned int __rapcc_Bs_6c053347_map(unsigned int i0, unsigned int i1, unsigned int i2) { return i2 ^ ((i1 & 15u) << 0u); }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_Bs_6c053347_at(__rapcc_T (&__rapcc_a)[2][16][16], unsigned int i0, unsigned int i1, unsigned int i2) { return __rapcc_a[i0][i1][__rapcc_Bs_6c053347_on() ? __rapcc_Bs_6c053347_map(i0, i1, i2) : i2]; }
#line 1 "/tmp/redteam_gpu/run/rt4_05_gemm_double_buffer_kmajor/rt4_05_gemm_double_buffer_kmajor.cu"
// A 16x16 GEMM tile with double buffering: As[stage][k][m] holds A K-major,
// written transposed from a row-major load (As[stage][tx][ty]: an 8-way
// store conflict), the next stage loaded into stage ^ 1 while this one is
// used. Kept by auto for a true reason: the conflict is on the stores alone
// (4 per thread), the 64 reads of As[stage][k][ty] are broadcasts, and under
// the blockDim guard an external kernel needs (no padding: another file may
// launch it) every swizzle's extra instructions on those reads cost more
// than the store conflict (--explain=all: none 768 < bvxor 887); xor, rap,
// bvxor, bwxor and swizzle rewrite it, and must keep its results.
// launch: rt4_05_gemm_db 2 16x16
#define T 16
#define KSTEPS 4
__global__ void rt4_05_gemm_db(const int *in, int *out, int p) {
    __shared__ float As[2][T][T];
    __shared__ float Bs[2][T][T];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int arow = blockIdx.x * T + ty;
    int stage = 0;
    __rapcc_As_a4afc6e5_at(As, stage, tx, ty) = (float)(in[(arow * 64 + tx) & 4095] & 15);
    __rapcc_Bs_6c053347_at(Bs, stage, ty, tx) = (float)(in[(2048 + ty * 64 + tx) & 4095] & 15);
    __syncthreads();
    float acc = 0.0f;
    for (int kt = 0; kt < KSTEPS; ++kt) {
        if (kt + 1 < KSTEPS) {
            const int k0 = (kt + 1) * T;
            __rapcc_As_a4afc6e5_at(As, stage ^ 1, tx, ty) = (float)(in[(arow * 64 + k0 + tx) & 4095] & 15);
            __rapcc_Bs_6c053347_at(Bs, stage ^ 1, ty, tx) = (float)(in[(2048 + (k0 + ty) * 64 + tx) & 4095] & 15);
        }
#pragma unroll
        for (int k = 0; k < T; ++k) acc += __rapcc_As_a4afc6e5_at(As, stage, k, ty) * __rapcc_Bs_6c053347_at(Bs, stage, k, tx);
        stage ^= 1;
        __syncthreads();
    }
    out[blockIdx.x * 256 + ty * T + tx] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_05_gemm_db<<<2, dim3(T, T)>>>(in, out, 0); }
#endif
/* rapcc: the layouts above were proved for these macro values; another build's -D values need another run */
#if (defined(KSTEPS) && (KSTEPS) != 4) || (defined(T) && (T) != 16)
#error "rapcc: rewritten for KSTEPS=4, T=16; rerun rapcc with this build's -D flags"
#endif

}  // namespace fz_k5_v2
namespace fz_k5_v3 {
#line 1 "fz_k5_v3.cu"
/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'As' in 'rt4_05_gemm_db': rap (rap shift by p(row), |p| = 16, seed 1); only where blockDim is 16x16x1, as written elsewhere
 *   'Bs' in 'rt4_05_gemm_db': rap (rap shift by p(row), |p| = 16, seed 1); only where blockDim is 16x16x1, as written elsewhere
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt4_05_gemm_double_buffer_kmajor/rt4_05_gemm_double_buffer_kmajor.cu --strategy rap --seed 1
 */

__device__ __forceinline__ bool __rapcc_As_ea21cb72_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4227088u); }
__device__ __forceinline__ unsigned int __rapcc_As_ea21cb72_map(unsigned int i0, unsigned int i1, unsigned int i2) { return (i2 + ((((i0 & 15u) ^ 6u) * 15u + 14u) & 15u) + ((((i1 & 15u) ^ 6u) * 11u + 11u) & 15u)) & 15u; }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_As_ea21cb72_at(__rapcc_T (&__rapcc_a)[2][16][16], unsigned int i0, unsigned int i1, unsigned int i2) { return __rapcc_a[i0][i1][__rapcc_As_ea21cb72_on() ? __rapcc_As_ea21cb72_map(i0, i1, i2) : i2]; }
__device__ __forceinline__ bool __rapcc_Bs_2638e7a8_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4227088u); }
__device__ __forceinline__ unsigned int __rapcc_Bs_2638e7a8_map(unsigned int i0, unsigned int i1, unsigned int i2) { return (i2 + ((((i0 & 15u) ^ 15u) * 3u + 6u) & 15u) + ((((i1 & 15u) ^ 3u) * 15u + 1u) & 15u)) & 15u; }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_Bs_2638e7a8_at(__rapcc_T (&__rapcc_a)[2][16][16], unsigned int i0, unsigned int i1, unsigned int i2) { return __rapcc_a[i0][i1][__rapcc_Bs_2638e7a8_on() ? __rapcc_Bs_2638e7a8_map(i0, i1, i2) : i2]; }
#line 1 "/tmp/redteam_gpu/run/rt4_05_gemm_double_buffer_kmajor/rt4_05_gemm_double_buffer_kmajor.cu"
// A 16x16 GEMM tile with double buffering: As[stage][k][m] holds A K-major,
// written transposed from a row-major load (As[stage][tx][ty]: an 8-way
// store conflict), the next stage loaded into stage ^ 1 while this one is
// used. Kept by auto for a true reason: the conflict is on the stores alone
// (4 per thread), the 64 reads of As[stage][k][ty] are broadcasts, and under
// the blockDim guard an external kernel needs (no padding: another file may
// launch it) every swizzle's extra instructions on those reads cost more
// than the store conflict (--explain=all: none 768 < bvxor 887); xor, rap,
// bvxor, bwxor and swizzle rewrite it, and must keep its results.
// launch: rt4_05_gemm_db 2 16x16
#define T 16
#define KSTEPS 4
__global__ void rt4_05_gemm_db(const int *in, int *out, int p) {
    __shared__ float As[2][T][T];
    __shared__ float Bs[2][T][T];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int arow = blockIdx.x * T + ty;
    int stage = 0;
    __rapcc_As_ea21cb72_at(As, stage, tx, ty) = (float)(in[(arow * 64 + tx) & 4095] & 15);
    __rapcc_Bs_2638e7a8_at(Bs, stage, ty, tx) = (float)(in[(2048 + ty * 64 + tx) & 4095] & 15);
    __syncthreads();
    float acc = 0.0f;
    for (int kt = 0; kt < KSTEPS; ++kt) {
        if (kt + 1 < KSTEPS) {
            const int k0 = (kt + 1) * T;
            __rapcc_As_ea21cb72_at(As, stage ^ 1, tx, ty) = (float)(in[(arow * 64 + k0 + tx) & 4095] & 15);
            __rapcc_Bs_2638e7a8_at(Bs, stage ^ 1, ty, tx) = (float)(in[(2048 + (k0 + ty) * 64 + tx) & 4095] & 15);
        }
#pragma unroll
        for (int k = 0; k < T; ++k) acc += __rapcc_As_ea21cb72_at(As, stage, k, ty) * __rapcc_Bs_2638e7a8_at(Bs, stage, k, tx);
        stage ^= 1;
        __syncthreads();
    }
    out[blockIdx.x * 256 + ty * T + tx] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_05_gemm_db<<<2, dim3(T, T)>>>(in, out, 0); }
#endif
/* rapcc: the layouts above were proved for these macro values; another build's -D values need another run */
#if (defined(KSTEPS) && (KSTEPS) != 4) || (defined(T) && (T) != 16)
#error "rapcc: rewritten for KSTEPS=4, T=16; rerun rapcc with this build's -D flags"
#endif

}  // namespace fz_k5_v3
namespace fz_k5_v4 {
#line 1 "fz_k5_v4.cu"
/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'As' in 'rt4_05_gemm_db': bvxor (bvxor k1=0 k2=4 mask=14 on 9 bits (seed 004 §4.2, §5.1)); only where blockDim is 16x16x1, as written elsewhere
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt4_05_gemm_double_buffer_kmajor/rt4_05_gemm_double_buffer_kmajor.cu --strategy bvxor --seed 1
 */

__device__ __forceinline__ bool __rapcc_As_d33435c4_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4227088u); }
__device__ __forceinline__ unsigned int __rapcc_As_d33435c4_map(unsigned int i0, unsigned int i1, unsigned int i2) { return (i2 ^ (i1 & 14u)); }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_As_d33435c4_at(__rapcc_T (&__rapcc_a)[2][16][16], unsigned int i0, unsigned int i1, unsigned int i2) { return __rapcc_a[i0][i1][__rapcc_As_d33435c4_on() ? __rapcc_As_d33435c4_map(i0, i1, i2) : i2]; }
#line 1 "/tmp/redteam_gpu/run/rt4_05_gemm_double_buffer_kmajor/rt4_05_gemm_double_buffer_kmajor.cu"
// A 16x16 GEMM tile with double buffering: As[stage][k][m] holds A K-major,
// written transposed from a row-major load (As[stage][tx][ty]: an 8-way
// store conflict), the next stage loaded into stage ^ 1 while this one is
// used. Kept by auto for a true reason: the conflict is on the stores alone
// (4 per thread), the 64 reads of As[stage][k][ty] are broadcasts, and under
// the blockDim guard an external kernel needs (no padding: another file may
// launch it) every swizzle's extra instructions on those reads cost more
// than the store conflict (--explain=all: none 768 < bvxor 887); xor, rap,
// bvxor, bwxor and swizzle rewrite it, and must keep its results.
// launch: rt4_05_gemm_db 2 16x16
#define T 16
#define KSTEPS 4
__global__ void rt4_05_gemm_db(const int *in, int *out, int p) {
    __shared__ float As[2][T][T];
    __shared__ float Bs[2][T][T];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int arow = blockIdx.x * T + ty;
    int stage = 0;
    __rapcc_As_d33435c4_at(As, stage, tx, ty) = (float)(in[(arow * 64 + tx) & 4095] & 15);
    Bs[stage][ty][tx] = (float)(in[(2048 + ty * 64 + tx) & 4095] & 15);
    __syncthreads();
    float acc = 0.0f;
    for (int kt = 0; kt < KSTEPS; ++kt) {
        if (kt + 1 < KSTEPS) {
            const int k0 = (kt + 1) * T;
            __rapcc_As_d33435c4_at(As, stage ^ 1, tx, ty) = (float)(in[(arow * 64 + k0 + tx) & 4095] & 15);
            Bs[stage ^ 1][ty][tx] = (float)(in[(2048 + (k0 + ty) * 64 + tx) & 4095] & 15);
        }
#pragma unroll
        for (int k = 0; k < T; ++k) acc += __rapcc_As_d33435c4_at(As, stage, k, ty) * Bs[stage][k][tx];
        stage ^= 1;
        __syncthreads();
    }
    out[blockIdx.x * 256 + ty * T + tx] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_05_gemm_db<<<2, dim3(T, T)>>>(in, out, 0); }
#endif
/* rapcc: the layouts above were proved for these macro values; another build's -D values need another run */
#if (defined(KSTEPS) && (KSTEPS) != 4) || (defined(T) && (T) != 16)
#error "rapcc: rewritten for KSTEPS=4, T=16; rerun rapcc with this build's -D flags"
#endif

}  // namespace fz_k5_v4
namespace fz_k5_v5 {
#line 1 "fz_k5_v5.cu"
/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'As' in 'rt4_05_gemm_db': bwxor (bwxor MIH (0) (1^5) (2^6) (3^7) (seed 004 §4.4, §5.2.2)); only where blockDim is 16x16x1, as written elsewhere
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt4_05_gemm_double_buffer_kmajor/rt4_05_gemm_double_buffer_kmajor.cu --strategy bwxor --seed 1
 */

__device__ __forceinline__ bool __rapcc_As_d33435c4_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4227088u); }
__device__ __forceinline__ unsigned int __rapcc_As_d33435c4_map(unsigned int i0, unsigned int i1, unsigned int i2) { return (i2 ^ (i1 & 14u)); }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_As_d33435c4_at(__rapcc_T (&__rapcc_a)[2][16][16], unsigned int i0, unsigned int i1, unsigned int i2) { return __rapcc_a[i0][i1][__rapcc_As_d33435c4_on() ? __rapcc_As_d33435c4_map(i0, i1, i2) : i2]; }
#line 1 "/tmp/redteam_gpu/run/rt4_05_gemm_double_buffer_kmajor/rt4_05_gemm_double_buffer_kmajor.cu"
// A 16x16 GEMM tile with double buffering: As[stage][k][m] holds A K-major,
// written transposed from a row-major load (As[stage][tx][ty]: an 8-way
// store conflict), the next stage loaded into stage ^ 1 while this one is
// used. Kept by auto for a true reason: the conflict is on the stores alone
// (4 per thread), the 64 reads of As[stage][k][ty] are broadcasts, and under
// the blockDim guard an external kernel needs (no padding: another file may
// launch it) every swizzle's extra instructions on those reads cost more
// than the store conflict (--explain=all: none 768 < bvxor 887); xor, rap,
// bvxor, bwxor and swizzle rewrite it, and must keep its results.
// launch: rt4_05_gemm_db 2 16x16
#define T 16
#define KSTEPS 4
__global__ void rt4_05_gemm_db(const int *in, int *out, int p) {
    __shared__ float As[2][T][T];
    __shared__ float Bs[2][T][T];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int arow = blockIdx.x * T + ty;
    int stage = 0;
    __rapcc_As_d33435c4_at(As, stage, tx, ty) = (float)(in[(arow * 64 + tx) & 4095] & 15);
    Bs[stage][ty][tx] = (float)(in[(2048 + ty * 64 + tx) & 4095] & 15);
    __syncthreads();
    float acc = 0.0f;
    for (int kt = 0; kt < KSTEPS; ++kt) {
        if (kt + 1 < KSTEPS) {
            const int k0 = (kt + 1) * T;
            __rapcc_As_d33435c4_at(As, stage ^ 1, tx, ty) = (float)(in[(arow * 64 + k0 + tx) & 4095] & 15);
            Bs[stage ^ 1][ty][tx] = (float)(in[(2048 + (k0 + ty) * 64 + tx) & 4095] & 15);
        }
#pragma unroll
        for (int k = 0; k < T; ++k) acc += __rapcc_As_d33435c4_at(As, stage, k, ty) * Bs[stage][k][tx];
        stage ^= 1;
        __syncthreads();
    }
    out[blockIdx.x * 256 + ty * T + tx] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_05_gemm_db<<<2, dim3(T, T)>>>(in, out, 0); }
#endif
/* rapcc: the layouts above were proved for these macro values; another build's -D values need another run */
#if (defined(KSTEPS) && (KSTEPS) != 4) || (defined(T) && (T) != 16)
#error "rapcc: rewritten for KSTEPS=4, T=16; rerun rapcc with this build's -D flags"
#endif

}  // namespace fz_k5_v5
namespace fz_k5_v6 {
#line 1 "fz_k5_v6.cu"
/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'As' in 'rt4_05_gemm_db': swizzle (swizzle Swizzle<3,1,4> on rows of 16, F2-linear (2 of 2 access sets linear; optimal; Linear Layouts §5.4)); only where blockDim is 16x16x1, as written elsewhere
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt4_05_gemm_double_buffer_kmajor/rt4_05_gemm_double_buffer_kmajor.cu --strategy swizzle --seed 1
 */

__device__ __forceinline__ bool __rapcc_As_d33435c4_on(void) { return ((blockDim.x | (blockDim.y << 11u) | (blockDim.z << 22u)) == 4227088u); }
__device__ __forceinline__ unsigned int __rapcc_As_d33435c4_map(unsigned int i0, unsigned int i1, unsigned int i2) { return (i2 ^ (i1 & 14u)); }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_As_d33435c4_at(__rapcc_T (&__rapcc_a)[2][16][16], unsigned int i0, unsigned int i1, unsigned int i2) { return __rapcc_a[i0][i1][__rapcc_As_d33435c4_on() ? __rapcc_As_d33435c4_map(i0, i1, i2) : i2]; }
#line 1 "/tmp/redteam_gpu/run/rt4_05_gemm_double_buffer_kmajor/rt4_05_gemm_double_buffer_kmajor.cu"
// A 16x16 GEMM tile with double buffering: As[stage][k][m] holds A K-major,
// written transposed from a row-major load (As[stage][tx][ty]: an 8-way
// store conflict), the next stage loaded into stage ^ 1 while this one is
// used. Kept by auto for a true reason: the conflict is on the stores alone
// (4 per thread), the 64 reads of As[stage][k][ty] are broadcasts, and under
// the blockDim guard an external kernel needs (no padding: another file may
// launch it) every swizzle's extra instructions on those reads cost more
// than the store conflict (--explain=all: none 768 < bvxor 887); xor, rap,
// bvxor, bwxor and swizzle rewrite it, and must keep its results.
// launch: rt4_05_gemm_db 2 16x16
#define T 16
#define KSTEPS 4
__global__ void rt4_05_gemm_db(const int *in, int *out, int p) {
    __shared__ float As[2][T][T];
    __shared__ float Bs[2][T][T];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int arow = blockIdx.x * T + ty;
    int stage = 0;
    __rapcc_As_d33435c4_at(As, stage, tx, ty) = (float)(in[(arow * 64 + tx) & 4095] & 15);
    Bs[stage][ty][tx] = (float)(in[(2048 + ty * 64 + tx) & 4095] & 15);
    __syncthreads();
    float acc = 0.0f;
    for (int kt = 0; kt < KSTEPS; ++kt) {
        if (kt + 1 < KSTEPS) {
            const int k0 = (kt + 1) * T;
            __rapcc_As_d33435c4_at(As, stage ^ 1, tx, ty) = (float)(in[(arow * 64 + k0 + tx) & 4095] & 15);
            Bs[stage ^ 1][ty][tx] = (float)(in[(2048 + (k0 + ty) * 64 + tx) & 4095] & 15);
        }
#pragma unroll
        for (int k = 0; k < T; ++k) acc += __rapcc_As_d33435c4_at(As, stage, k, ty) * Bs[stage][k][tx];
        stage ^= 1;
        __syncthreads();
    }
    out[blockIdx.x * 256 + ty * T + tx] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_05_gemm_db<<<2, dim3(T, T)>>>(in, out, 0); }
#endif
/* rapcc: the layouts above were proved for these macro values; another build's -D values need another run */
#if (defined(KSTEPS) && (KSTEPS) != 4) || (defined(T) && (T) != 16)
#error "rapcc: rewritten for KSTEPS=4, T=16; rerun rapcc with this build's -D flags"
#endif

}  // namespace fz_k5_v6
namespace fz_k6_v0 {
#line 1 "fz_k6_v0.cu"
// Double buffering through pointers: cur/next point at &tile[stage][0][0]
// and are swapped each step; the compute walks cur[k * 16 + tx] and the load
// writes next[tx * 16 + ty] (a flat walk over a 2-D stage of a 3-D tile).
// launch: rt4_06_gemm_ptr 2 16x16
#define T 16
__global__ void rt4_06_gemm_ptr(const int *in, int *out, int p) {
    __shared__ float tiles[2][T][T];
    const int tx = threadIdx.x, ty = threadIdx.y;
    float *cur = &tiles[0][0][0];
    float *next = &tiles[1][0][0];
    cur[tx * T + ty] = (float)(in[(blockIdx.x * 256 + ty * T + tx) & 4095] & 31);
    __syncthreads();
    float acc = 0.0f;
    for (int step = 0; step < 3; ++step) {
        next[tx * T + ty] = (float)(in[(blockIdx.x * 256 + (step + 1) * 512 + ty * T + tx) & 4095] & 31);
        for (int k = 0; k < T; ++k) acc += cur[k * T + tx] * (float)(k + ty);
        __syncthreads();
        float *t = cur;
        cur = next;
        next = t;
    }
    out[blockIdx.x * 256 + ty * T + tx] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_06_gemm_ptr<<<2, dim3(T, T)>>>(in, out, 0); }
#endif

}  // namespace fz_k6_v0
namespace fz_k6_v1 {
#line 1 "fz_k6_v1.cu"
// Double buffering through pointers: cur/next point at &tile[stage][0][0]
// and are swapped each step; the compute walks cur[k * 16 + tx] and the load
// writes next[tx * 16 + ty] (a flat walk over a 2-D stage of a 3-D tile).
// launch: rt4_06_gemm_ptr 2 16x16
#define T 16
__global__ void rt4_06_gemm_ptr(const int *in, int *out, int p) {
    __shared__ float tiles[2][T][T];
    const int tx = threadIdx.x, ty = threadIdx.y;
    float *cur = &tiles[0][0][0];
    float *next = &tiles[1][0][0];
    cur[tx * T + ty] = (float)(in[(blockIdx.x * 256 + ty * T + tx) & 4095] & 31);
    __syncthreads();
    float acc = 0.0f;
    for (int step = 0; step < 3; ++step) {
        next[tx * T + ty] = (float)(in[(blockIdx.x * 256 + (step + 1) * 512 + ty * T + tx) & 4095] & 31);
        for (int k = 0; k < T; ++k) acc += cur[k * T + tx] * (float)(k + ty);
        __syncthreads();
        float *t = cur;
        cur = next;
        next = t;
    }
    out[blockIdx.x * 256 + ty * T + tx] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_06_gemm_ptr<<<2, dim3(T, T)>>>(in, out, 0); }
#endif

}  // namespace fz_k6_v1
namespace fz_k7_v0 {
#line 1 "fz_k7_v0.cu"
// int8 dequantize: a 32x32 tile of unsigned char filled four at a time
// through uchar4 stores (reinterpret_cast<uchar4 *>(&q[row][0])[c]), then
// read transposed and scaled by a per-row scale in shared memory.
// launch: rt4_07_dequant 2 8x32
__global__ void rt4_07_dequant(const int *in, int *out, int p) {
    __shared__ __align__(4) unsigned char q[32][32];
    __shared__ float scale[32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const unsigned int w = (unsigned int)in[(blockIdx.x * 256 + ty * 8 + tx) & 4095];
    reinterpret_cast<uchar4 *>(&q[ty][0])[tx] =
        make_uchar4(w & 255u, (w >> 8) & 255u, (w >> 16) & 255u, (w >> 24) & 255u);
    if (tx == 0) scale[ty] = 1.0f / (float)(1 + (ty & 3));
    __syncthreads();
    const int tid = ty * 8 + tx;
    const int r = tid & 31, c = tid >> 5;
    float acc = 0.0f;
    for (int k = 0; k < 4; ++k) acc += ((float)q[r][c * 4 + k] - 128.0f) * scale[c * 4 + k];
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_07_dequant<<<2, dim3(8, 32)>>>(in, out, 0); }
#endif

}  // namespace fz_k7_v0
namespace fz_k7_v1 {
#line 1 "fz_k7_v1.cu"
// int8 dequantize: a 32x32 tile of unsigned char filled four at a time
// through uchar4 stores (reinterpret_cast<uchar4 *>(&q[row][0])[c]), then
// read transposed and scaled by a per-row scale in shared memory.
// launch: rt4_07_dequant 2 8x32
__global__ void rt4_07_dequant(const int *in, int *out, int p) {
    __shared__ __align__(4) unsigned char q[32][32];
    __shared__ float scale[32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const unsigned int w = (unsigned int)in[(blockIdx.x * 256 + ty * 8 + tx) & 4095];
    reinterpret_cast<uchar4 *>(&q[ty][0])[tx] =
        make_uchar4(w & 255u, (w >> 8) & 255u, (w >> 16) & 255u, (w >> 24) & 255u);
    if (tx == 0) scale[ty] = 1.0f / (float)(1 + (ty & 3));
    __syncthreads();
    const int tid = ty * 8 + tx;
    const int r = tid & 31, c = tid >> 5;
    float acc = 0.0f;
    for (int k = 0; k < 4; ++k) acc += ((float)q[r][c * 4 + k] - 128.0f) * scale[c * 4 + k];
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_07_dequant<<<2, dim3(8, 32)>>>(in, out, 0); }
#endif

}  // namespace fz_k7_v1
static void fz_run(int v, const int* in, int* out) {
    switch (v) {
    case 0: fz_k0_v0::rt3_99_static_smem_at_budget<<<2, dim3(32, 8), 45056>>>(in, out + 0, 0); break;
    case 1: fz_k0_v1::rt3_99_static_smem_at_budget<<<2, dim3(32, 8), 45056>>>(in, out + 0, 0); break;
    case 2: fz_k0_v2::rt3_99_static_smem_at_budget<<<2, dim3(32, 8), 45056>>>(in, out + 0, 0); break;
    case 3: fz_k0_v3::rt3_99_static_smem_at_budget<<<2, dim3(32, 8), 45056>>>(in, out + 0, 0); break;
    case 4: fz_k0_v4::rt3_99_static_smem_at_budget<<<2, dim3(32, 8), 45056>>>(in, out + 0, 0); break;
    case 5: fz_k0_v5::rt3_99_static_smem_at_budget<<<2, dim3(32, 8), 45056>>>(in, out + 0, 0); break;
    case 6: fz_k0_v6::rt3_99_static_smem_at_budget<<<2, dim3(32, 8), 45056>>>(in, out + 0, 0); break;
    case 7: fz_k0_v7::rt3_99_static_smem_at_budget<<<2, dim3(32, 8), 45056>>>(in, out + 0, 0); break;
    case 8: fz_k1_v0::rt4_01_softmax<<<4, dim3(128, 1)>>>(in, out + 0, 0); break;
    case 9: fz_k1_v1::rt4_01_softmax<<<4, dim3(128, 1)>>>(in, out + 0, 0); break;
    case 10: fz_k2_v0::rt4_02_layernorm<<<4, dim3(256, 1)>>>(in, out + 0, 0); break;
    case 11: fz_k2_v1::rt4_02_layernorm<<<4, dim3(256, 1)>>>(in, out + 0, 0); break;
    case 12: fz_k2_v2::rt4_02_layernorm<<<4, dim3(256, 1)>>>(in, out + 0, 0); break;
    case 13: fz_k2_v3::rt4_02_layernorm<<<4, dim3(256, 1)>>>(in, out + 0, 0); break;
    case 14: fz_k3_v0::rt4_03_rmsnorm<<<2, dim3(32, 8)>>>(in, out + 0, 0); break;
    case 15: fz_k3_v1::rt4_03_rmsnorm<<<2, dim3(32, 8)>>>(in, out + 0, 0); break;
    case 16: fz_k3_v2::rt4_03_rmsnorm<<<2, dim3(32, 8)>>>(in, out + 0, 0); break;
    case 17: fz_k3_v3::rt4_03_rmsnorm<<<2, dim3(32, 8)>>>(in, out + 0, 0); break;
    case 18: fz_k3_v4::rt4_03_rmsnorm<<<2, dim3(32, 8)>>>(in, out + 0, 0); break;
    case 19: fz_k3_v5::rt4_03_rmsnorm<<<2, dim3(32, 8)>>>(in, out + 0, 0); break;
    case 20: fz_k3_v6::rt4_03_rmsnorm<<<2, dim3(32, 8)>>>(in, out + 0, 0); break;
    case 21: fz_k3_v7::rt4_03_rmsnorm<<<2, dim3(32, 8)>>>(in, out + 0, 0); break;
    case 22: fz_k4_v0::rt4_04_attention<<<2, dim3(16, 16)>>>(in, out + 0, 0); break;
    case 23: fz_k4_v1::rt4_04_attention<<<2, dim3(16, 16)>>>(in, out + 0, 0); break;
    case 24: fz_k4_v2::rt4_04_attention<<<2, dim3(16, 16)>>>(in, out + 0, 0); break;
    case 25: fz_k4_v3::rt4_04_attention<<<2, dim3(16, 16)>>>(in, out + 0, 0); break;
    case 26: fz_k4_v4::rt4_04_attention<<<2, dim3(16, 16)>>>(in, out + 0, 0); break;
    case 27: fz_k4_v5::rt4_04_attention<<<2, dim3(16, 16)>>>(in, out + 0, 0); break;
    case 28: fz_k4_v6::rt4_04_attention<<<2, dim3(16, 16)>>>(in, out + 0, 0); break;
    case 29: fz_k4_v7::rt4_04_attention<<<2, dim3(16, 16)>>>(in, out + 0, 0); break;
    case 30: fz_k5_v0::rt4_05_gemm_db<<<2, dim3(16, 16)>>>(in, out + 0, 0); break;
    case 31: fz_k5_v1::rt4_05_gemm_db<<<2, dim3(16, 16)>>>(in, out + 0, 0); break;
    case 32: fz_k5_v2::rt4_05_gemm_db<<<2, dim3(16, 16)>>>(in, out + 0, 0); break;
    case 33: fz_k5_v3::rt4_05_gemm_db<<<2, dim3(16, 16)>>>(in, out + 0, 0); break;
    case 34: fz_k5_v4::rt4_05_gemm_db<<<2, dim3(16, 16)>>>(in, out + 0, 0); break;
    case 35: fz_k5_v5::rt4_05_gemm_db<<<2, dim3(16, 16)>>>(in, out + 0, 0); break;
    case 36: fz_k5_v6::rt4_05_gemm_db<<<2, dim3(16, 16)>>>(in, out + 0, 0); break;
    case 37: fz_k6_v0::rt4_06_gemm_ptr<<<2, dim3(16, 16)>>>(in, out + 0, 0); break;
    case 38: fz_k6_v1::rt4_06_gemm_ptr<<<2, dim3(16, 16)>>>(in, out + 0, 0); break;
    case 39: fz_k7_v0::rt4_07_dequant<<<2, dim3(8, 32)>>>(in, out + 0, 0); break;
    case 40: fz_k7_v1::rt4_07_dequant<<<2, dim3(8, 32)>>>(in, out + 0, 0); break;
    }
}

int main(int argc, char** argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s RECORDS [FIRST]\n", argv[0]); return 2; }
    FILE* records = fopen(argv[1], argc > 2 ? "ab" : "wb");
    if (!records) { perror(argv[1]); return 2; }
    const int first = argc > 2 ? atoi(argv[2]) : 0;
    static int fz_in[4096];
    static int fz_host[4096];
    for (unsigned i = 0; i < 4096; ++i) fz_in[i] = (int)((i * 2654435761u) >> 9);
    int* in = nullptr; int* out = nullptr;
    cudaError_t e = cudaMalloc(&in, sizeof fz_in);
    if (e == cudaSuccess) e = cudaMalloc(&out, sizeof fz_host);
    if (e == cudaSuccess) e = cudaMemcpy(in, fz_in, sizeof fz_in, cudaMemcpyHostToDevice);
    if (e != cudaSuccess) { fprintf(stderr, "setup: %s\n", cudaGetErrorString(e)); return 2; }
    for (int v = first; v < 41; ++v) {
        for (int i = 0; i < 4096; ++i) fz_host[i] = (int)0xdeadbeefu;
        e = cudaMemcpy(out, fz_host, sizeof fz_host, cudaMemcpyHostToDevice);
        if (e != cudaSuccess) { fprintf(stderr, "setup: %s\n", cudaGetErrorString(e)); return 2; }
        fz_run(v, in, out);
        e = cudaGetLastError();
        if (e == cudaSuccess) e = cudaDeviceSynchronize();
        if (e == cudaSuccess) e = cudaMemcpy(fz_host, out, sizeof fz_host, cudaMemcpyDeviceToHost);
        const int head[2] = {v, (int)e};
        fwrite(head, sizeof head, 1, records);
        fwrite(fz_host, sizeof fz_host, 1, records);
        fflush(records);
        if (e != cudaSuccess) { fprintf(stderr, "variant %d: %s\n", v, cudaGetErrorString(e)); return 3; }
    }
    fclose(records);
    return 0;
}
