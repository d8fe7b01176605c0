// A recursive device function walking a shared row by pointer increments:
// rsum(&tile[ty][tx], 16) sums 16 consecutive ints, across the row's end.
// launch: rt3_25_recursive_device_walk 2 32x8
__device__ int rsum(const int *p, int n) { return n == 0 ? 0 : p[0] + 2 * rsum(p + 1, n - 1); }
__global__ void rt3_25_recursive_device_walk(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 255;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 255;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = rsum(&tile[ty][tx], 16) + tile[tx % 16][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_25_recursive_device_walk<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
