// A __device__ variable initialised to 0 and set to 16 by the kernel before
// it is read as a column offset: a variable, not a constant.
// launch: rt3_101_device_global_offset 2 32x8
__device__ int g_skew = 0;
__global__ void rt3_101_device_global_offset(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    if (tid == 0) g_skew = 16;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tx % 16][ty] + 3 * tile[ty][tx + g_skew];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_101_device_global_offset<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
