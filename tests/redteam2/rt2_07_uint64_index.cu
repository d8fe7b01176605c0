// Index arithmetic in uint64_t and size_t, as code written for large arrays
// does: the subscripts are in range, the column read conflicts.
// launch: rt2_07_uint64_index 2 32x8
// expect: rewritten
#include <stdint.h>
#include <stddef.h>
__global__ void rt2_07_uint64_index(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const uint64_t tx = threadIdx.x, ty = threadIdx.y;
    const size_t base = (size_t)blockIdx.x * 1024u;
    for (uint64_t j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[base + j * 32 + tx] & 4095);
    __syncthreads();
    for (uint64_t j = ty; j < 32; j += 8)
        out[base + j * 32 + tx] = __float_as_int(tile[tx][j] + 0.5f * tile[j][tx]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_07_uint64_index<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
