// A Z-order (Morton) walk of a 16x16 tile: x and y are the thread id's even
// and odd bits, both below 16.
// launch: rt2_20_morton_tile 2 32x8
__device__ __forceinline__ unsigned compact1by1(unsigned x) {
    x &= 0x55555555u;
    x = (x ^ (x >> 1)) & 0x33333333u;
    x = (x ^ (x >> 2)) & 0x0f0f0f0fu;
    x = (x ^ (x >> 4)) & 0x00ff00ffu;
    return x;
}
__global__ void rt2_20_morton_tile(const int *in, int *out, int p) {
    __shared__ int tile[16][16];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[tid / 16][tid % 16] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    const unsigned x = compact1by1((unsigned)tid), y = compact1by1((unsigned)tid >> 1);
    out[blockIdx.x * 256 + tid] = tile[y][x] * 5 + tile[x][y];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_20_morton_tile<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
