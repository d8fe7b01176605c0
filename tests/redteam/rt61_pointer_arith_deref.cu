// Old-style pointer arithmetic on the tile: *(*(tile + r) + c) and
// (*(tile + r))[c], all in range.
// launch: rt61_deref 2 32x8
__global__ void rt61_deref(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) *(*(tile + j) + tx) = in[blockIdx.x * 1024 + j * 32 + tx];
    __syncthreads();
    int acc = *(*(tile + tx) + ty) + (*(tile + ty))[(tx + 3) & 31] + *(tile[tx] + ty * 4);
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt61_deref<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
