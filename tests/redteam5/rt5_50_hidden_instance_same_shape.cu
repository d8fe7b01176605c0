// A kernel template launched with a chevron as k<0> and, through
// cudaLaunchKernel on the address of k<8>, as a second instance of the same
// 32x8 shape: the second instance's read tile[ty][tx + OFF] runs past the
// 32-wide rows, and a layout guarded by the block's shape alone cannot tell
// the two apart.
// launch: rt5_50_inst<0> 2 32x8
// launch: rt5_50_inst<8> 2 32x8 0 512
template <int OFF>
__global__ void rt5_50_inst(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[(blockIdx.x * 512 + tid) & 4095] & 1023;
    tile[ty + 8][tx] = in[(blockIdx.x * 512 + 256 + tid) & 4095] & 1023;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tx % 16][ty * 4] * 3 + tile[ty][tx + OFF];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt5_50_inst<0><<<2, dim3(32, 8)>>>(in, out, 0);
    int *second = out + 512;
    int p = 0;
    void *args[] = {&in, &second, &p};
    cudaLaunchKernel((const void *)rt5_50_inst<8>, dim3(2), dim3(32, 8), args, 0, 0);
}
#endif
