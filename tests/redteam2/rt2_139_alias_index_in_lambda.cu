// A row alias whose index is moved by a lambda that captures it by reference.
// launch: rt2_139_alias_index_in_lambda 2 32x8
__global__ void rt2_139_alias_index_in_lambda(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    int r = tx;
    const float *row = tile[r];
    auto step = [&] { r = (r + 5) & 31; };
    step();
    out[blockIdx.x * 256 + tid] = __float_as_int(row[ty] + 2.0f * tile[r][ty]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_139_alias_index_in_lambda<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
