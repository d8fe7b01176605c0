// A size_t column that runs past the row: (tx * 40) mod 64 over rows of 32.
// launch: rt2_08_size_t_column_past_row 2 32x8
#include <stddef.h>
__global__ void rt2_08_size_t_column_past_row(const int *in, int *out, int p) {
    __shared__ float tile[16][32];
    const size_t tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[tid / 32][tid % 32] = (float)(in[blockIdx.x * 256 + tid] & 4095);
    tile[8 + tid / 32][tid % 32] = (float)(in[blockIdx.x * 256 + tid + 512] & 4095);
    __syncthreads();
    const size_t col = (tx * 40) % 64;
    out[blockIdx.x * 256 + tid] = __float_as_int(tile[ty][col] + tile[tx % 16][ty]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_08_size_t_column_past_row<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
