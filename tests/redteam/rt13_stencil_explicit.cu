// The halo stencil written out term by term (no offset tables): legal,
// and pad, xor and rap rewrite it (auto keeps it: no layout is predicted faster).
// launch: rt13_stencil 2 16x16
constexpr int BX = 16, BY = 16;
__global__ void rt13_stencil(const int *in, int *out, int p) {
    __shared__ float tile[BY + 2][BX + 2];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int base = blockIdx.x * 400;
    tile[ty + 1][tx + 1] = (float)(in[base + (ty + 1) * 20 + tx + 1] & 255);
    if (tx == 0) tile[ty + 1][0] = (float)(in[base + (ty + 1) * 20] & 255);
    if (tx == BX - 1) tile[ty + 1][BX + 1] = (float)(in[base + (ty + 1) * 20 + BX + 1] & 255);
    if (ty == 0) tile[0][tx + 1] = (float)(in[base + tx + 1] & 255);
    if (ty == BY - 1) tile[BY + 1][tx + 1] = (float)(in[base + (BY + 1) * 20 + tx + 1] & 255);
    __syncthreads();
    float acc = tile[ty + 1][tx + 1] * 4.f - tile[ty][tx + 1] - tile[ty + 2][tx + 1] - tile[ty + 1][tx] - tile[ty + 1][tx + 2];
    acc += tile[tx + 1][ty + 1];
    out[blockIdx.x * 256 + ty * BX + tx] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt13_stencil<<<2, dim3(BX, BY)>>>(in, out, 0); }
#endif
