// An internal kernel launched 32x8 by chevrons with p = 0, and through a
// function pointer to it with p = 16.
// launch: rt3_119_argument_through_pointer 2 32x8
// launch: rt3_119_argument_through_pointer 2 32x8 16 1024
static __global__ void rt3_119_argument_through_pointer(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tx % 16][ty] + 3 * tile[ty][tx + p];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt3_119_argument_through_pointer<<<2, dim3(32, 8)>>>(in, out, 0);
    void (*f)(const int *, int *, int) = rt3_119_argument_through_pointer;
    f<<<2, dim3(32, 8)>>>(in, out + 1024, 16);
}
#endif
