// The Morton index used whole, through a flat pointer, over a 2-D tile.
// launch: rt2_21_morton_flat_pointer 2 32x8
__device__ unsigned part1by1(unsigned x) {
    x &= 0x0000ffffu;
    x = (x | (x << 4)) & 0x0f0f0f0fu;
    x = (x | (x << 2)) & 0x33333333u;
    x = (x | (x << 1)) & 0x55555555u;
    return x;
}
__global__ void rt2_21_morton_flat_pointer(const int *in, int *out, int p) {
    __shared__ int tile[16][16];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[tid / 16][tid % 16] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    const int *z = &tile[0][0];
    out[blockIdx.x * 256 + tid] = z[part1by1(tid & 15) | (part1by1((tid >> 4) & 15) << 1)] - tile[tx & 15][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_21_morton_flat_pointer<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
