// Harris's warpReduce on a volatile int * into a 2-D tile: s[tid] +=
// s[tid + d] for d = 32..1 (made safe with __syncwarp between the read and
// the write): the first step reads across rows of the tile.
// launch: rt5_27_warp_reduce 2 32x8
__device__ void warp_reduce(volatile int *s, int tid) {
    for (int d = 32; d > 0; d >>= 1) {
        const int v = tid < d ? s[tid + d] : 0;
        __syncwarp();
        if (tid < d) s[tid] += v;
        __syncwarp();
    }
}
__global__ void rt5_27_warp_reduce(const int *in, int *out, int p) {
    __shared__ int sdata[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    sdata[ty][tx] = in[blockIdx.x * 256 + tid] & 1023;
    __syncthreads();
    const int t = sdata[tx & 7][ty * 4 + (tx >> 3)];
    __syncthreads();
    warp_reduce(&sdata[0][0], tid);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = sdata[0][0] * 2048 + t;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_27_warp_reduce<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
