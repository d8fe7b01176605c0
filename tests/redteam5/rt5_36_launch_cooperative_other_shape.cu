// Two launches of one kernel: a chevron launch 32x8 in one function and a
// cudaLaunchCooperativeKernel with dim3(64, 4) in another. Under the second
// the read tile[ty][tx] runs past the 32-wide rows.
// launch: rt5_36_coop 2 32x8
// launch: rt5_36_coop 2 64x4 0 512
__global__ void rt5_36_coop(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 1023;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tid % 8][tid / 8] + 2 * tile[ty][tx];
}
#ifdef __CUDACC__
void launch_plain(const int *in, int *out) { rt5_36_coop<<<2, dim3(32, 8)>>>(in, out, 0); }
void launch_coop(const int *in, int *out) {
    int *shifted = out + 512;
    int p = 0;
    void *args[] = {&in, &shifted, &p};
    cudaLaunchCooperativeKernel((void *)rt5_36_coop, dim3(2), dim3(64, 4), args, 0, 0);
}
#endif
