// Dynamic shared memory reached some other way than through a followed pointer.
__device__ float *dynamic_floats() { extern __shared__ float raw[]; return raw; }
__device__ float first(float *p) { return p[0]; }
__device__ float *not_a_provider() { extern __shared__ float other[]; other[0] = 1.0f; return other; }

extern "C" __global__ void leaked(const float *in, float *out)
{
#pragma rapcc block_dim(256, 1, 1)
    float *s = dynamic_floats();
    s[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[(threadIdx.x * 32) % 256] + first(dynamic_floats());
}

extern "C" __global__ void reassigned(const float *in, float *out)
{
#pragma rapcc block_dim(256, 1, 1)
    float *s = dynamic_floats();
    s[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    s = s + 1;
    out[threadIdx.x] = s[(threadIdx.x * 32) % 255];
}

extern "C" __global__ void not_followed(const float *in, float *out)
{
#pragma rapcc block_dim(256, 1, 1)
    float *s = not_a_provider();
    s[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[(threadIdx.x * 32) % 256];
}
