// An index helper lambda over a shared tile: auto at = [&](int r, int c) ->
// float & { return tile[r][c]; }; stores through at(ty + j, tx), reads
// through at(tx, ty + j) (a transpose). Refused today (a precision lead, not
// a soundness rule): the lambda's parameters are not bound to the call's
// arguments, so 'r' and 'c' are unknown (rapcc-random-access) and the tile
// is kept as written.
// launch: rt4_37_index_lambda 2 32x8
__global__ void rt4_37_index_lambda(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    auto at = [&](int r, int c) -> float & { return tile[r][c]; };
    const int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int j = 0; j < 32; j += 8) at(ty + j, tx) = (float)(in[blockIdx.x * 1024 + (ty + j) * 32 + tx] & 1023);
    __syncthreads();
#pragma unroll
    for (int j = 0; j < 32; j += 8) out[blockIdx.x * 1024 + (ty + j) * 32 + tx] = __float_as_int(at(tx, ty + j));
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_37_index_lambda<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
