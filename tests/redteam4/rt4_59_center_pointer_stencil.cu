// A stencil through a pointer to the centre cell: const float *c =
// &tile[ty + 1][tx + 1]; c[-1], c[1], c[-W], c[W] reach the neighbours,
// the row pitch W = 18 written by hand.
// launch: rt4_59_center_pointer 2 16x16
#define TB 16
#define W (TB + 2)
__global__ void rt4_59_center_pointer(const int *in, int *out, int p) {
    __shared__ float tile[W][W];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * TB + tx;
    for (int i = tid; i < W * W; i += TB * TB) tile[i / W][i % W] = (float)(in[(blockIdx.x * 324 + i) & 4095] & 255);
    __syncthreads();
    const float *c = &tile[ty + 1][tx + 1];
    const float lap = 4.0f * c[0] - c[-1] - c[1] - c[-W] - c[W];
    out[blockIdx.x * 256 + tid] = __float_as_int(lap + tile[tx + 1][ty + 1]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_59_center_pointer<<<2, dim3(TB, TB)>>>(in, out, 0); }
#endif
