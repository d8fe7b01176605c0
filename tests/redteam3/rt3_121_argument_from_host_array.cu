// An internal kernel launched in a loop over a host array of offsets
// {0, 16}.
// launch: rt3_121_argument_from_host_array 2 32x8
// launch: rt3_121_argument_from_host_array 2 32x8 16 1024
static __global__ void rt3_121_argument_from_host_array(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tx % 16][ty] + 3 * tile[ty][tx + p];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    const int offsets[] = {0, 16};
    for (int i = 0; i < 2; ++i) rt3_121_argument_from_host_array<<<2, dim3(32, 8)>>>(in, out + 1024 * i, offsets[i]);
}
#endif
