// Warp and lane from the flat thread id (tid >> 5, tid & 31) on a 64x4
// block known from the launch; the tile is [warp][lane] and read with the
// lane as the row: legal.
// launch: rt51_warps 2 64x4
// expect: rewritten
__global__ void rt51_warps(const int *in, int *out, int p) {
    __shared__ float tile[8][32];
    const int tid = threadIdx.y * blockDim.x + threadIdx.x;
    const int warp = tid >> 5, lane = tid & 31;
    tile[warp][lane] = (float)(in[blockIdx.x * 256 + tid] & 4095);
    __syncthreads();
    float acc = tile[lane & 7][(warp * 4 + (lane >> 3)) & 31];
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt51_warps<<<2, dim3(64, 4)>>>(in, out, 0); }
#endif
