// __pipeline_memcpy_async copies 16 bytes (four floats) into each row
// position 4 * q: a padding of one float per row misaligns the copy's
// destination on odd rows (16-byte alignment is required).
// launch: rt2_58_pipeline_memcpy_async 2 32x8
#ifdef __CUDACC__
#include <cuda_pipeline.h>
#endif
__global__ void rt2_58_pipeline_memcpy_async(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    const int row = tid / 8, q = tid % 8;
    __pipeline_memcpy_async(&tile[row][4 * q], reinterpret_cast<const float *>(in) + blockIdx.x * 1024 + row * 32 + 4 * q, 16);
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = __float_as_int(tile[tx][ty]) & 0x7fffffff;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_58_pipeline_memcpy_async<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
